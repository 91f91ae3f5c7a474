"""Company services the admin pages call: the logo check and the rule that an admin cannot demote themself."""
import io

import pytest
from PIL import Image

from core.errors import InvalidBody, Unprocessable
from core.logos import checked_logo
from core.tenancy import tenant_scope
from domain.tenancy import services


def png(size=(40, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (10, 20, 30)).save(out, format="PNG")
    return out.getvalue()


def test_a_png_logo_is_kept_with_its_type(app):
    data = png()
    assert checked_logo(data) == (data, "image/png")


@pytest.mark.parametrize("data, message", [
    (b"not an image", "PNG ou JPEG"),
    (png((2001, 10)), "2000 × 2000 pixels"),
])
def test_a_bad_logo_is_refused_naming_the_field(app, data, message):
    with pytest.raises(InvalidBody) as raised:
        checked_logo(data)
    assert raised.value.details[0].field == "logo" and message in raised.value.details[0].message


def test_a_logo_over_the_size_limit_is_refused(app, monkeypatch):
    monkeypatch.setitem(app.config, "LOGO_MAX_BYTES", 20)
    with pytest.raises(InvalidBody, match="no máximo 0 KiB"):
        checked_logo(png())


def test_update_branding_checks_the_logo_before_changing_anything(app, company):
    with tenant_scope(company.id), pytest.raises(InvalidBody):
        services.update_branding(company, legal_name="Nova Marca", logo=b"GIF89a")
    assert company.brand_legal_name != "Nova Marca"


def test_an_admin_cannot_demote_themself(app, company, make_user):
    admin, other = make_user(company, role="admin"), make_user(company, role="admin")
    with tenant_scope(company.id):
        with pytest.raises(Unprocessable) as raised:
            services.set_user_role(admin, "leitura", actor=admin)
        assert raised.value.code == "self_demotion" and admin.role == "admin"
        assert services.set_user_role(admin, "admin", actor=admin).role == "admin"
        assert services.set_user_role(other, "leitura", actor=admin).role == "leitura"
