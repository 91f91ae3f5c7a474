"""Login and logout. Sessions are ended on the server (domain/tenancy/sessions.py); login attempts are limited per
account and per IP (Flask-Limiter, counted only when they fail)."""
from flask import Blueprint, current_app, flash, redirect, render_template, request, session, url_for
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, Length

from blueprints.web.transaction import page_transaction
from core.extensions import limiter
from domain.tenancy.services import authenticate_user
from domain.tenancy.sessions import end_all_sessions, end_session, open_session

bp = Blueprint("auth", __name__)


class LoginForm(FlaskForm):
    email = EmailField("E-mail", validators=[DataRequired(message="Informe o e-mail."), Length(max=254)])
    password = PasswordField("Senha", validators=[DataRequired(message="Informe a senha."), Length(max=200)])


def _safe_next(target: str | None) -> str:
    # Only same-site paths: an open redirect would hand sessions to phishing pages. Browsers read
    # "/\evil.com" as "//evil.com" and drop tabs and newlines, so backslashes and whitespace are refused.
    if (target and target.startswith("/") and not target.startswith("//") and "\\" not in target
            and not any(ch.isspace() or ord(ch) < 32 for ch in target)):
        return target
    return url_for("dashboard.index")


TOO_MANY = "Muitas tentativas de entrar. Aguarde alguns minutos e tente novamente."


def _account_key() -> str:
    return "login-account:" + (request.form.get("email") or "").strip().lower()[:254]


def _failed(response) -> bool:
    return response.status_code != 302  # a successful login redirects; only failures count


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["LOGIN_LIMIT_PER_IP"], methods=["POST"], deduct_when=_failed,
               error_message=TOO_MANY)
@limiter.limit(lambda: current_app.config["LOGIN_LIMIT_PER_ACCOUNT"], key_func=_account_key, methods=["POST"],
               deduct_when=_failed, error_message=TOO_MANY)
def login():
    form = LoginForm()
    if form.validate_on_submit():
        user = authenticate_user(form.email.data, form.password.data)
        if user is not None:
            session.clear()  # rotate: nothing of the anonymous session (CSRF token, planted keys) survives
            with page_transaction():
                open_session(user)
            login_user(user)
            return redirect(_safe_next(request.args.get("next")))
        flash("E-mail ou senha incorretos.", "error")
    return render_template("auth/login.html", form=form), (422 if form.errors else 200)


def _sign_out(message: str):
    logout_user()
    session.clear()
    flash(message, "info")
    return redirect(url_for("auth.login"))


@bp.post("/logout")
@login_required
def logout():
    with page_transaction():
        end_session(current_user.session_id)
    return _sign_out("Você saiu da sua conta.")


@bp.post("/logout/todos")
@login_required
def logout_everywhere():
    """"Sair de todos os dispositivos": every session of this user ends, this one included."""
    with page_transaction():
        end_all_sessions(current_user)
    return _sign_out("Você saiu da sua conta em todos os dispositivos.")
