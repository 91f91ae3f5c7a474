"""`flask antt import-floor FILE.csv`: a new act is data (imported, then used by the calculator), re-importing changes
nothing, a malformed file is refused with its line and stores nothing; `flask antt acts` lists them."""
from datetime import date
from decimal import Decimal

import pytest
import sqlalchemy as sa

from core.db import db
from domain.antt_floor.importer import BUNDLED_CSV, bundled_acts
from domain.antt_floor.models import AnttFloorAct, AnttFloorCoefficient
from domain.antt_floor.services import floor_for

ROW = "Portaria SUROC 99/2027,2027-01-15,A,carga_geral,"
HEADER = "resolucao,vigencia_inicio,tabela,tipo_carga,eixos,ccd,cc\n"
NEW_ACT = (HEADER + "Portaria SUROC 99/2027,2027-01-15,A,carga_geral,5,7.1234,700.00\n"
           "Portaria SUROC 99/2027,2027-01-15,A,carga_geral,6,7.9000,720.50\n")


@pytest.fixture(autouse=True)
def _bundled_acts_only_afterwards():
    yield
    # The floor tables are reference data kept between tests: leave only the bundled acts.
    bundled = [act.name for act in bundled_acts()]
    db.session.execute(sa.delete(AnttFloorAct).where(AnttFloorAct.name.not_in(bundled)))
    db.session.commit()


def _write(tmp_path, text, name="ato.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _counts():
    return (db.session.execute(sa.select(sa.func.count()).select_from(AnttFloorAct)).scalar(),
            db.session.execute(sa.select(sa.func.count()).select_from(AnttFloorCoefficient)).scalar())


def test_a_new_act_is_imported_and_used_from_its_start_date(cli, tmp_path):
    result = cli("antt", "import-floor", _write(tmp_path, NEW_ACT))
    assert result.exit_code == 0, result.output
    assert "Portaria SUROC 99/2027: importado" in result.output
    after = floor_for(on_date=date(2027, 1, 15), table="A", cargo_type="carga_geral", loaded_axles=5, distance_km=100)
    assert (after.act.name, after.value) == ("Portaria SUROC 99/2027", Decimal("1412.34"))
    before = floor_for(on_date=date(2027, 1, 14), table="A", cargo_type="carga_geral", loaded_axles=5,
                       distance_km=100)
    assert before.act.name == "Portaria SUROC 22/2026"
    assert "2027-01-15  Portaria SUROC 99/2027  (2 coeficientes)" in cli("antt", "acts").output


def test_importing_again_changes_nothing(cli, tmp_path):
    path = _write(tmp_path, NEW_ACT)
    cli("antt", "import-floor", path)
    counts = _counts()
    again = cli("antt", "import-floor", path)
    assert again.exit_code == 0 and "sem alteração" in again.output
    assert _counts() == counts
    bundled = cli("antt", "import-floor", str(BUNDLED_CSV))
    assert bundled.exit_code == 0 and bundled.output.count("sem alteração") == 3


def test_other_figures_under_a_stored_name_need_replace(cli, tmp_path):
    cli("antt", "import-floor", _write(tmp_path, NEW_ACT))
    changed = NEW_ACT.replace("7.1234", "7.2000")
    refused = cli("antt", "import-floor", _write(tmp_path, changed, "fix.csv"))
    assert refused.exit_code != 0 and "--replace" in refused.output
    assert cli("antt", "import-floor", _write(tmp_path, changed, "fix.csv"), "--replace").exit_code == 0
    floor = floor_for(on_date=date(2027, 2, 1), table="A", cargo_type="carga_geral", loaded_axles=5, distance_km=1)
    assert floor.ccd == Decimal("7.2000")


def test_another_act_on_a_stored_start_date_is_refused(cli, tmp_path):
    text = HEADER + "Portaria Duplicada 1/2026,2026-09-30,A,carga_geral,5,7.0,700\n"
    result = cli("antt", "import-floor", _write(tmp_path, text))
    assert result.exit_code != 0 and "Portaria SUROC 22/2026 já começa a valer em 30/09/2026" in result.output


@pytest.mark.parametrize(("text", "message"), [
    ("resolucao,vigencia,tabela\nx,y,z\n", "linha 1: cabeçalho deve ser"),
    (HEADER, "não tem linhas"),
    (NEW_ACT + "Portaria SUROC 99/2027,2027-01-15,E,carga_geral,5,7.1,700\n", "linha 4: tabela 'E' inválida"),
    (NEW_ACT + "Portaria SUROC 99/2027,2027-01-15,A,areia,5,7.1,700\n", "linha 4: tipo_carga 'areia' desconhecido"),
    (NEW_ACT + ROW + "10,7.1,700\n", "linha 4: eixos '10' inválido"),
    (NEW_ACT + ROW + "7,7,1,700\n", "linha 4: número de colunas"),
    (NEW_ACT + ROW + "7,-7.1,700\n", "linha 4: ccd '-7.1' deve ser"),
    (NEW_ACT + ROW + "7,7.12345,700\n", "até 4 casas decimais"),
    (NEW_ACT + ROW + "7,7.1,7,00\n", "linha 4: número de colunas"),
    (NEW_ACT + ROW + "7,7.1\n", "linha 4: número de colunas"),
    (NEW_ACT + ROW + "7,7.1,abc\n", "linha 4: cc 'abc' não é um número"),
    (NEW_ACT + "Portaria SUROC 99/2027,15/01/2027,A,carga_geral,7,7.1,700\n", "linha 4: vigencia_inicio"),
    (NEW_ACT + "Portaria SUROC 99/2027,2027-02-01,A,carga_geral,7,7.1,700\n", "linha 4: Portaria SUROC 99/2027 apar"),
    (NEW_ACT + ROW + "6,7.1,700\n", "linha 4: coeficiente repetido"),
])
def test_a_malformed_file_is_refused_with_its_line_and_stores_nothing(cli, tmp_path, text, message):
    counts = _counts()
    result = cli("antt", "import-floor", _write(tmp_path, text))
    assert result.exit_code != 0
    assert message in result.output, result.output
    assert _counts() == counts


def test_a_file_that_is_not_utf8_is_refused(cli, tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes(NEW_ACT.replace("Portaria", "Resolução").encode("latin-1"))
    result = cli("antt", "import-floor", str(path))
    assert result.exit_code != 0 and "latin1.csv" in result.output
