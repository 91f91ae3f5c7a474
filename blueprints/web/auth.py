"""Login and logout."""
from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import login_required, login_user, logout_user
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, Length

from domain.tenancy.services import authenticate_user

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


@bp.route("/login", methods=["GET", "POST"])
def login():
    form = LoginForm()
    if form.validate_on_submit():
        user = authenticate_user(form.email.data, form.password.data)
        if user is not None:
            login_user(user)
            return redirect(_safe_next(request.args.get("next")))
        flash("E-mail ou senha incorretos.", "error")
    return render_template("auth/login.html", form=form), (422 if form.errors else 200)


@bp.post("/logout")
@login_required
def logout():
    logout_user()
    flash("Você saiu da sua conta.", "info")
    return redirect(url_for("auth.login"))
