"""Admin pages: integrations (API keys), users and PDF branding."""

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_login import current_user
from flask_wtf.file import FileField
from wtforms import BooleanField, EmailField, PasswordField, SelectField, StringField

from blueprints.web.access import roles_required, upload_limit
from blueprints.web.formkit import MultiCheckboxField, choices
from blueprints.web.forms_adapter import place_refusal
from blueprints.web.previews import font_url, preview_fragment
from blueprints.web.record_pages import PlainForm
from core.contrast import warnings as contrast_warnings
from core.crypto import decrypt, encrypt
from core.db import db
from core.errors import AppError, FieldError
from core.pdf import Branding, preview_html, render_pdf
from core.tenancy import get_owned
from domain.ciot.pef.credentials import certificate_view, remove_certificate, save_certificate
from domain.tenancy import services
from domain.tenancy.models import ROLES, ApiKey, User

bp = Blueprint("admin", __name__, url_prefix="/admin")

ROLE_LABELS = {"admin": "Administrador", "operador": "Operador", "financeiro": "Financeiro", "leitura": "Leitura"}

# Fields and labels only (PlainForm): the rules are the services' (domain/tenancy/inputs.py), which name each
# problem by its argument, the same name as the input here, so attach_errors puts it under its input.


class ApiKeyForm(PlainForm):
    name = StringField("Nome (para identificar a integração)")
    scopes = MultiCheckboxField("Escopos", choices=choices([("read", "Leitura (GET)"),
                                                            ("write", "Escrita (POST/PATCH/DELETE)"),
                                                            ("webhooks", "Webhooks (gerenciar pela API)")]),
                                default=["read", "write"])
    require_signature = BooleanField("Exigir assinatura HMAC em todas as chamadas")


class CertificateForm(PlainForm):
    certificado = FileField("Arquivo do certificado A1 (.pfx ou .p12)")
    senha = PasswordField("Senha do certificado")


class UserForm(PlainForm):
    name = StringField("Nome")
    email = EmailField("E-mail")
    password = PasswordField("Senha inicial")
    # a new user starts with the least privilege (read only); the admin raises it deliberately
    role = SelectField("Papel", choices=choices((r, ROLE_LABELS[r]) for r in ROLES), default="leitura")


class RoleForm(PlainForm):
    role = SelectField("Papel", choices=choices((r, ROLE_LABELS[r]) for r in ROLES))


class BrandingForm(PlainForm):
    legal_name = StringField("Razão social nos PDFs")
    footer = StringField("Rodapé")
    primary_color = StringField("Cor principal")
    secondary_color = StringField("Cor secundária")
    logo = FileField("Logotipo (PNG ou JPEG)")
    remove_logo = BooleanField("Remover logotipo atual")


def _write(form, action, fallback):
    """Run the service call `action()` in the page's transaction and return its result; None when the service
    refuses, its errors under the form's inputs (one naming no input, like a taken e-mail, under `fallback`)."""
    try:
        return action()
    except AppError as exc:
        place_refusal(form, exc, fallback)
        return None


# --- Integrations ------------------------------------------------------------------------------

@bp.route("/integracoes", methods=["GET", "POST"])
@roles_required("admin")
def integrations():
    form = ApiKeyForm()
    if request.method == "POST" and (created := _write(form, lambda: services.create_api_key(
            current_user.company, scopes=form.scopes.data or ["read"], require_signature=form.require_signature.data,
            name=form.name.data or "", created_by=current_user), form.scopes)):
        # POST-redirect-GET: refreshing the page shows the list, it never creates another key. The secret is
        # handed to the next page once and shown there a single time. Flask's session cookie is signed, not
        # encrypted (anyone holding the cookie can read it), so the secret travels Fernet-encrypted.
        session["new_api_key"] = encrypt(created[1])
        flash("Chave criada.", "success")
        return redirect(url_for("admin.integrations"))
    new_key = _pop_new_key() if request.method == "GET" else None
    return _integrations_page(form, CertificateForm(), new_key=new_key)


def _integrations_page(form, certificate_form, *, new_key=None):
    keys = db.session.execute(db.select(ApiKey).order_by(ApiKey.created_at.desc())).scalars().all()
    return render_template("admin/integrations.html", form=form, keys=keys, new_key=new_key,
                           certificate=certificate_view(), certificate_form=certificate_form), \
        (422 if form.errors or certificate_form.errors else 200)


# The A1 certificate of the ANTT PEF web service (domain/ciot/pef/credentials.py): a few kilobytes.
CERTIFICATE_UPLOAD_LIMIT = 64 * 1024 + 8 * 1024


@bp.post("/integracoes/certificado")
@roles_required("admin")
@upload_limit(CERTIFICATE_UPLOAD_LIMIT)
def upload_certificate():
    """Store the company's A1 certificate (the file and its password, encrypted; never shown again)."""
    certificate_form = CertificateForm()
    upload = certificate_form.certificado.data
    data = upload.read() if upload else b""
    if not data:
        certificate_form.certificado.errors = ["Escolha o arquivo .pfx ou .p12 do certificado."]
        return _integrations_page(ApiKeyForm(formdata=None), certificate_form)
    view = _write(certificate_form, lambda: save_certificate(
        current_user.company, data, certificate_form.senha.data or "", actor=f"user:{current_user.email}"),
        certificate_form.certificado)
    if view is None:
        return _integrations_page(ApiKeyForm(formdata=None), certificate_form)
    flash(f"Certificado de {view.holder} (CNPJ {view.cnpj}) cadastrado; válido até {view.not_after:%d/%m/%Y}.",
          "success")
    return redirect(url_for("admin.integrations") + "#certificado-a1")


@bp.post("/integracoes/certificado/remover")
@roles_required("admin")
def remove_certificate_page():
    removed = remove_certificate()
    flash("Certificado removido." if removed else "Não havia certificado cadastrado.", "success")
    return redirect(url_for("admin.integrations") + "#certificado-a1")


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
    services.revoke_api_key(get_owned(ApiKey, key_id))
    flash("Chave revogada: ela deixa de funcionar imediatamente.", "success")
    return redirect(url_for("admin.integrations"))


@bp.post("/integracoes/<key_id>/assinatura")
@roles_required("admin")
def toggle_signature(key_id):
    services.set_require_signature(get_owned(ApiKey, key_id), request.form.get("required") == "1")
    flash("Exigência de assinatura atualizada.", "success")
    return redirect(url_for("admin.integrations"))


# --- Users -------------------------------------------------------------------------------------

@bp.route("/usuarios", methods=["GET", "POST"])
@roles_required("admin")
def users():
    form = UserForm()
    if request.method == "POST" and _write(form, lambda: services.create_user(
            current_user.company, email=form.email.data, password=form.password.data, role=form.role.data,
            name=form.name.data or ""), form.email):
        flash("Usuário criado.", "success")
        return redirect(url_for("admin.users"))
    people = db.session.execute(db.select(User).order_by(User.email)).scalars().all()
    # each row's role select is its own RoleForm, showing that user's role (never bound to this request's post)
    rows = [(user, RoleForm(formdata=None, role=user.role)) for user in people]
    return render_template("admin/users.html", form=form, users=rows), (422 if form.errors else 200)


@bp.post("/usuarios/<user_id>/papel")
@roles_required("admin")
def set_role(user_id):
    user, form = get_owned(User, user_id), RoleForm()
    try:
        services.set_user_role(user, form.role.data, actor=current_user._get_current_object())
        flash(f"Papel de {user.email} alterado para {ROLE_LABELS[form.role.data]}.", "success")
    except AppError as exc:
        flash(exc.message, "error")
    return redirect(url_for("admin.users"))


@bp.post("/usuarios/<user_id>/acesso")
@roles_required("admin")
def set_access(user_id):
    """Deactivate (or reactivate) a user: `active` is "0" or "1"; deactivating ends their sessions."""
    user, active = get_owned(User, user_id), request.form.get("active")
    if active not in ("0", "1"):
        flash("Escolha ativar ou desativar.", "error")
        return redirect(url_for("admin.users")), 400
    try:
        services.set_user_active(user, active == "1", actor=current_user._get_current_object())
        done = "reativado" if active == "1" else "desativado: as sessões abertas foram encerradas"
        flash(f"Acesso de {user.email} {done}.", "success")
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
    def save():
        return services.update_branding(company, legal_name=form.legal_name.data, footer=form.footer.data,
                                        primary_color=form.primary_color.data,
                                        secondary_color=form.secondary_color.data, logo=_uploaded_logo(form),
                                        remove_logo=form.remove_logo.data)

    if request.method == "POST" and _write(form, save, form.logo):
        flash("Identidade visual salva.", "success")
        return redirect(url_for("admin.branding"))
    notes = contrast_warnings(company.brand_primary_color, company.brand_secondary_color)
    return render_template("admin/branding.html", form=form, company=company, contrast_notes=notes,
                           preview=_sample_html(Branding.for_company(company)), preview_id=BRANDING_PREVIEW), \
        (422 if form.errors else 200)


BRANDING_PREVIEW = "branding-preview"


def _sample_html(branding: Branding) -> str:
    """The sample document (the one of "Ver PDF de exemplo") as the live preview's HTML."""
    return preview_html("pdf/sample.html", branding=branding, title="Documento de exemplo", font_dir=font_url())


@bp.post("/identidade-visual/previa")
@upload_limit(LOGO_UPLOAD_LIMIT)
@roles_required("admin")
def branding_preview():
    """The live preview of the unsaved branding form (blueprints/web/previews.py), checked as a save would check it
    (a refused value shows its message, named by its input's label) and written nowhere."""
    form = BrandingForm()
    try:
        branding = services.branding_preview(
            current_user.company, legal_name=form.legal_name.data, footer=form.footer.data,
            primary_color=form.primary_color.data, secondary_color=form.secondary_color.data,
            logo=_uploaded_logo(form), remove_logo=form.remove_logo.data)
    except AppError as exc:
        errors = [FieldError(d.field, d.code, f"{form[d.field].label.text}: {d.message}" if d.field in form else
                             d.message) for d in exc.details] or [FieldError("", exc.code, exc.message)]
        return preview_fragment(None, errors, id=BRANDING_PREVIEW, title="Pré-visualização da identidade visual")
    return preview_fragment(_sample_html(branding), [], id=BRANDING_PREVIEW,
                            title="Pré-visualização da identidade visual")


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
