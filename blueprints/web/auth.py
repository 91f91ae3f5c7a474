"""Login and logout. Sessions are ended on the server (domain/tenancy/sessions.py); login attempts are limited per
account and per IP (Flask-Limiter, counted only when they fail)."""
import uuid

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from limits import parse as parse_limit
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, Length

from blueprints.web.forms_adapter import attach_errors
from blueprints.web.record_pages import PlainForm
from core.db import db
from core.errors import AppError
from core.extensions import limiter
from core.public_urls import mail_link_base
from domain.tenancy.models import Company
from domain.tenancy.services import authenticate_user
from domain.tenancy.sessions import (
    TooManyPasswordGuesses,
    ask_password_reset,
    change_own_password,
    end_all_sessions,
    end_session,
    open_session,
    reset_password,
    user_for_reset,
)

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
            open_session(user)
            login_user(user)
            return redirect(_safe_next(request.args.get("next")))
        flash("E-mail ou senha incorretos.", "error")
    return render_template("auth/login.html", form=form, brand=login_brand()), (422 if form.errors else 200)


# --- The company's logo on the login page (docs/pages.md "The login page's logo") --------------------------------

def login_brand() -> Company | None:
    """The company whose name and logo the login page shows: the one named by `?empresa=<id>` (the team's link,
    shown on the branding page), else the only company of a deployment that serves one; None otherwise (a shared
    deployment shows no customer's brand to everyone)."""
    wanted = request.args.get("empresa", "")
    if wanted:
        try:
            return db.session.get(Company, uuid.UUID(wanted))
        except ValueError:
            return None
    only = db.session.scalars(db.select(Company).order_by(Company.id).limit(2)).all()
    return only[0] if len(only) == 1 else None


@bp.get("/login/logo/<company_id>")
def login_logo(company_id):
    """A company's logo for its login page (PNG or JPEG, checked at upload: core.logos). The id is not guessable;
    the logo is what the company prints on its documents."""
    try:
        company = db.session.get(Company, uuid.UUID(company_id))
    except ValueError:
        abort(404)
    if company is None or not company.brand_logo:
        abort(404)
    return Response(company.brand_logo, mimetype=company.brand_logo_mime or "application/octet-stream",
                    headers={"Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff"})


def _sign_out(message: str):
    logout_user()
    session.clear()
    flash(message, "info")
    return redirect(url_for("auth.login"))


@bp.post("/logout")
@login_required
def logout():
    end_session(current_user.session_id)
    return _sign_out("Você saiu da sua conta.")


@bp.post("/logout/todos")
@login_required
def logout_everywhere():
    """"Sair de todos os dispositivos": every session of this user ends, this one included."""
    end_all_sessions(current_user)
    return _sign_out("Você saiu da sua conta em todos os dispositivos.")


# --- Passwords: change your own, or reset it by e-mail -----------------------------------------------------------

class PasswordChangeForm(PlainForm):
    current = PasswordField("Senha atual")
    password = PasswordField("Nova senha")
    confirmation = PasswordField("Repita a nova senha")


class ForgotForm(PlainForm):
    email = EmailField("E-mail")


class ResetForm(PlainForm):
    password = PasswordField("Nova senha")
    confirmation = PasswordField("Repita a nova senha")


@bp.route("/conta/senha", methods=["GET", "POST"])
@login_required
def change_password():
    """"Alterar senha": the current one, the new one twice; this session stays, the others end."""
    form = PasswordChangeForm()
    general = []
    if request.method == "POST":
        try:
            change_own_password(current_user._get_current_object(), form.current.data, form.password.data,
                                form.confirmation.data, keep_session_id=current_user.session_id)
            flash("Senha alterada. As suas outras sessões foram encerradas.", "success")
            return redirect(url_for("dashboard.index"))
        except TooManyPasswordGuesses as exc:  # this session has ended (kept by the unit of work)
            return _sign_out(exc.message)
        except AppError as exc:
            general = attach_errors(form, list(exc.details)) or [exc.message]
    return render_template("auth/password.html", form=form, general=general), (422 if request.method == "POST"
                                                                                else 200)


FORGOT_ANSWER = ("Se este e-mail tiver acesso, enviamos um link para criar uma nova senha. Ele vale por "
                 "{minutes} minutos e funciona uma vez.")


@bp.route("/login/esqueci", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["PASSWORD_RESET_LIMIT"], methods=["POST"], error_message=TOO_MANY)
def forgot_password():
    """Send a reset link to the e-mail if it is an active user's; the answer is the same either way (no e-mail
    enumeration)."""
    form = ForgotForm()
    if request.method == "POST":
        if _reset_mail_allowed(form.email.data) and (base_url := mail_link_base()) is not None:
            ask_password_reset(form.email.data, base_url)  # never the Host header unless it is vouched for
        flash(FORGOT_ANSWER.format(minutes=int(current_app.config["PASSWORD_RESET_MINUTES"])), "info")
        return redirect(url_for("auth.login"))
    return render_template("auth/forgot.html", form=form)


def _reset_mail_allowed(email: str | None) -> bool:
    """Count a reset request for the typed e-mail (known or not, so the count says nothing about the account) and
    answer whether a link may still be mailed: at most PASSWORD_RESET_LIMIT_PER_ACCOUNT per e-mail, wherever the
    requests come from (the per-IP limit does not stop one inbox being flooded from many addresses). Past it the
    page answers the same and nothing is sent. Counted in the login limits' storage (Redis when configured)."""
    limit = parse_limit(current_app.config["PASSWORD_RESET_LIMIT_PER_ACCOUNT"])
    return limiter.limiter.hit(limit, "password-reset-account", (email or "").strip().lower()[:254])


@bp.route("/login/nova-senha/<token>", methods=["GET", "POST"])
def new_password(token):
    """The link of the e-mail: a new password, twice. A link expired, tampered or already used says so."""
    if user_for_reset(token) is None:
        flash("Este link não vale mais (expirou ou já foi usado): peça outro.", "error")
        return redirect(url_for("auth.forgot_password"))
    form = ResetForm()
    general = []
    if request.method == "POST":
        try:
            reset_password(token, form.password.data, form.confirmation.data)
            flash("Senha criada. Entre com ela.", "success")
            return redirect(url_for("auth.login"))
        except AppError as exc:
            general = attach_errors(form, list(exc.details)) or [exc.message]
    return render_template("auth/reset.html", form=form, general=general), (422 if general else 200)
