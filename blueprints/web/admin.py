"""Admin pages: integrations (API keys), users and PDF branding."""

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_login import current_user
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, EmailField, PasswordField, SelectField, StringField
from wtforms.validators import DataRequired, Email, Length, Optional, Regexp

from blueprints.web.access import roles_required, upload_limit
from blueprints.web.formkit import MultiCheckboxField, choices
from blueprints.web.transaction import page_transaction
from core.contrast import warnings as contrast_warnings
from core.crypto import decrypt, encrypt
from core.db import db
from core.errors import AppError, FieldError
from core.pdf import Branding, render_pdf
from core.tenancy import get_owned
from domain.tenancy import services
from domain.tenancy.models import ROLES, ApiKey, User

bp = Blueprint("admin", __name__, url_prefix="/admin")

ROLE_LABELS = {"admin": "Administrador", "operador": "Operador", "financeiro": "Financeiro", "leitura": "Leitura"}


class ApiKeyForm(FlaskForm):
    name = StringField("Nome (para identificar a integração)", validators=[Optional(), Length(max=120)])
    scopes = MultiCheckboxField("Escopos", choices=choices([("read", "Leitura (GET)"),
                                                            ("write", "Escrita (POST/PATCH/DELETE)")]),
                                default=["read", "write"])
    require_signature = BooleanField("Exigir assinatura HMAC em todas as chamadas")


class UserForm(FlaskForm):
    name = StringField("Nome", validators=[Optional(), Length(max=120)])
    email = EmailField("E-mail", validators=[DataRequired(message="Informe o e-mail."),
                                             Email(message="E-mail inválido."), Length(max=254)])
    password = PasswordField("Senha inicial", validators=[DataRequired(message="Informe a senha."),
                                                          Length(min=8, max=200, message="De 8 a 200 caracteres.")])
    # a new user starts with the least privilege (read only); the admin raises it deliberately
    role = SelectField("Papel", choices=choices((r, ROLE_LABELS[r]) for r in ROLES), default="leitura")


class RoleForm(FlaskForm):
    role = SelectField("Papel", choices=choices((r, ROLE_LABELS[r]) for r in ROLES))


HEX = Regexp(r"^#[0-9a-fA-F]{6}$", message="Use o formato #RRGGBB.")


class BrandingForm(FlaskForm):
    legal_name = StringField("Razão social nos PDFs", validators=[Optional(), Length(max=200)])
    footer = StringField("Rodapé", validators=[Optional(), Length(max=500)])
    primary_color = StringField("Cor principal", validators=[DataRequired(), HEX])
    secondary_color = StringField("Cor secundária", validators=[DataRequired(), HEX])
    logo = FileField("Logotipo (PNG ou JPEG)")
    remove_logo = BooleanField("Remover logotipo atual")


# --- Integrations ------------------------------------------------------------------------------

@bp.route("/integracoes", methods=["GET", "POST"])
@roles_required("admin")
def integrations():
    form = ApiKeyForm()
    if form.validate_on_submit():
        with page_transaction():
            _, new_key = services.create_api_key(current_user.company, scopes=form.scopes.data or ["read"],
                                                 require_signature=form.require_signature.data,
                                                 name=form.name.data or "", created_by=current_user)
        # POST-redirect-GET: refreshing the page shows the list, it never creates another key. The secret is
        # handed to the next page once and shown there a single time. Flask's session cookie is signed, not
        # encrypted (anyone holding the cookie can read it), so the secret travels Fernet-encrypted.
        session["new_api_key"] = encrypt(new_key)
        flash("Chave criada.", "success")
        return redirect(url_for("admin.integrations"))
    new_key = _pop_new_key() if request.method == "GET" else None
    keys = db.session.execute(db.select(ApiKey).order_by(ApiKey.created_at.desc())).scalars().all()
    return render_template("admin/integrations.html", form=form, keys=keys, new_key=new_key), \
        (422 if form.errors else 200)


def _pop_new_key() -> str | None:
    """The secret of the key just created, once; None when there is none (or the encryption key changed)."""
    sealed = session.pop("new_api_key", None)
    try:
        return decrypt(sealed) if sealed else None
    except ValueError:
        return None


@bp.post("/integracoes/<key_id>/revogar")
@roles_required("admin")
def revoke_key(key_id):
    with page_transaction():
        services.revoke_api_key(get_owned(ApiKey, key_id))
    flash("Chave revogada: ela deixa de funcionar imediatamente.", "success")
    return redirect(url_for("admin.integrations"))


@bp.post("/integracoes/<key_id>/assinatura")
@roles_required("admin")
def toggle_signature(key_id):
    with page_transaction():
        services.set_require_signature(get_owned(ApiKey, key_id), request.form.get("required") == "1")
    flash("Exigência de assinatura atualizada.", "success")
    return redirect(url_for("admin.integrations"))


# --- Users -------------------------------------------------------------------------------------

@bp.route("/usuarios", methods=["GET", "POST"])
@roles_required("admin")
def users():
    form = UserForm()
    if form.validate_on_submit():
        try:
            with page_transaction():
                services.create_user(current_user.company, email=form.email.data, password=form.password.data,
                                     role=form.role.data, name=form.name.data or "")
            flash("Usuário criado.", "success")
            return redirect(url_for("admin.users"))
        except AppError as exc:
            form.email.errors.append(exc.message)
    people = db.session.execute(db.select(User).order_by(User.email)).scalars().all()
    # each row's role select is its own RoleForm, showing that user's role (never bound to this request's post)
    rows = [(user, RoleForm(formdata=None, role=user.role)) for user in people]
    return render_template("admin/users.html", form=form, users=rows), (422 if form.errors else 200)


@bp.post("/usuarios/<user_id>/papel")
@roles_required("admin")
def set_role(user_id):
    user, form = get_owned(User, user_id), RoleForm()
    if form.validate_on_submit():
        try:
            with page_transaction():
                services.set_user_role(user, form.role.data, actor=current_user._get_current_object())
            flash(f"Papel de {user.email} alterado para {ROLE_LABELS[form.role.data]}.", "success")
        except AppError as exc:
            flash(exc.message, "error")
    return redirect(url_for("admin.users"))


# --- Branding ----------------------------------------------------------------------------------

LOGO_UPLOAD_LIMIT = 16 * 1024 * 1024  # read a too-large logo far enough to answer with the form and an inline error


@bp.route("/identidade-visual", methods=["GET", "POST"])
@upload_limit(LOGO_UPLOAD_LIMIT)
@roles_required("admin")
def branding():
    company = current_user.company
    form = BrandingForm(obj=None, data={
        "legal_name": company.brand_legal_name or "", "footer": company.brand_footer or "",
        "primary_color": company.brand_primary_color, "secondary_color": company.brand_secondary_color,
    } if request.method == "GET" else None)
    if form.validate_on_submit():
        try:
            with page_transaction():
                services.update_branding(company, legal_name=form.legal_name.data, footer=form.footer.data,
                                         primary_color=form.primary_color.data,
                                         secondary_color=form.secondary_color.data, logo=_uploaded_logo(form),
                                         remove_logo=form.remove_logo.data)
            flash("Identidade visual salva.", "success")
            return redirect(url_for("admin.branding"))
        except AppError as exc:
            for detail in exc.details or [FieldError("logo", exc.code, exc.message)]:
                getattr(form, detail.field, form.logo).errors.append(detail.message)
    notes = contrast_warnings(company.brand_primary_color, company.brand_secondary_color)
    return render_template("admin/branding.html", form=form, company=company, contrast_notes=notes), \
        (422 if form.errors else 200)


@bp.get("/identidade-visual/logo")
@roles_required("admin")
def branding_logo():
    company = current_user.company
    if not company.brand_logo:
        abort(404)
    return Response(company.brand_logo, mimetype=company.brand_logo_mime or "application/octet-stream",
                    headers={"Cache-Control": "private, no-cache"})


def _uploaded_logo(form: BrandingForm) -> bytes | None:
    """The uploaded file's bytes (read up to one byte over the limit: the service words the refusal), or None."""
    upload = form.logo.data
    if not upload or not getattr(upload, "filename", ""):
        return None
    return upload.read(current_app.config["LOGO_MAX_BYTES"] + 1)


@bp.get("/identidade-visual/exemplo.pdf")
@roles_required("admin")
def branding_sample():
    company = current_user.company
    pdf = render_pdf("pdf/sample.html", branding=Branding.for_company(company), title="Documento de exemplo",
                     watermark=company.ciot_environment == "homolog")
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="exemplo-identidade-visual.pdf"'})
