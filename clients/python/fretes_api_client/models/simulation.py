from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.breakdown_line import BreakdownLine
  from ..models.simulation_cte import SimulationCte
  from ..models.simulation_floor import SimulationFloor
  from ..models.tac_withholdings import TacWithholdings
  from ..models.tax_line_out import TaxLineOut





T = TypeVar("T", bound="Simulation")



@_attrs_define
class Simulation:
    """ A priced simulation. `id` only when it was saved (save=true).

        Attributes:
            methodology_id (UUID):
            methodology_version (int):
            subtotal (float): Valor em reais (número JSON com até 2 casas).
            total (float): Valor em reais (número JSON com até 2 casas).
            currency (str): ISO 4217.
            breakdown (list[BreakdownLine]):
            tax_breakdown (list[TaxLineOut]):
            effective_tax_rate (float): Impostos / subtotal (fração).
            cte (None | SimulationCte): Null sem ICMS (sem contexto fiscal).
            tac_withholdings (None | TacWithholdings): Só com tac_autonomo=true.
            antt_floor (SimulationFloor): The ANTT floor of the inputs (distancia_km, eixos, tipo_carga, tabela, pedagio)
                against the total.
            id (None | Unset | UUID): Presente só com save=true.
     """

    methodology_id: UUID
    methodology_version: int
    subtotal: float
    total: float
    currency: str
    breakdown: list[BreakdownLine]
    tax_breakdown: list[TaxLineOut]
    effective_tax_rate: float
    cte: None | SimulationCte
    tac_withholdings: None | TacWithholdings
    antt_floor: SimulationFloor
    id: None | Unset | UUID = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.breakdown_line import BreakdownLine
        from ..models.simulation_cte import SimulationCte
        from ..models.simulation_floor import SimulationFloor
        from ..models.tac_withholdings import TacWithholdings
        from ..models.tax_line_out import TaxLineOut
        methodology_id = str(self.methodology_id)

        methodology_version = self.methodology_version

        subtotal = self.subtotal

        total = self.total

        currency = self.currency

        breakdown = []
        for breakdown_item_data in self.breakdown:
            breakdown_item = breakdown_item_data.to_dict()
            breakdown.append(breakdown_item)



        tax_breakdown = []
        for tax_breakdown_item_data in self.tax_breakdown:
            tax_breakdown_item = tax_breakdown_item_data.to_dict()
            tax_breakdown.append(tax_breakdown_item)



        effective_tax_rate = self.effective_tax_rate

        cte: dict[str, Any] | None
        if isinstance(self.cte, SimulationCte):
            cte = self.cte.to_dict()
        else:
            cte = self.cte

        tac_withholdings: dict[str, Any] | None
        if isinstance(self.tac_withholdings, TacWithholdings):
            tac_withholdings = self.tac_withholdings.to_dict()
        else:
            tac_withholdings = self.tac_withholdings

        antt_floor = self.antt_floor.to_dict()

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        elif isinstance(self.id, UUID):
            id = str(self.id)
        else:
            id = self.id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "methodology_id": methodology_id,
            "methodology_version": methodology_version,
            "subtotal": subtotal,
            "total": total,
            "currency": currency,
            "breakdown": breakdown,
            "tax_breakdown": tax_breakdown,
            "effective_tax_rate": effective_tax_rate,
            "cte": cte,
            "tac_withholdings": tac_withholdings,
            "antt_floor": antt_floor,
        })
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.breakdown_line import BreakdownLine
        from ..models.simulation_cte import SimulationCte
        from ..models.simulation_floor import SimulationFloor
        from ..models.tac_withholdings import TacWithholdings
        from ..models.tax_line_out import TaxLineOut
        d = dict(src_dict)
        methodology_id = UUID(d.pop("methodology_id"))




        methodology_version = d.pop("methodology_version")

        subtotal = d.pop("subtotal")

        total = d.pop("total")

        currency = d.pop("currency")

        breakdown = []
        _breakdown = d.pop("breakdown")
        for breakdown_item_data in (_breakdown):
            breakdown_item = BreakdownLine.from_dict(breakdown_item_data)



            breakdown.append(breakdown_item)


        tax_breakdown = []
        _tax_breakdown = d.pop("tax_breakdown")
        for tax_breakdown_item_data in (_tax_breakdown):
            tax_breakdown_item = TaxLineOut.from_dict(tax_breakdown_item_data)



            tax_breakdown.append(tax_breakdown_item)


        effective_tax_rate = d.pop("effective_tax_rate")

        def _parse_cte(data: object) -> None | SimulationCte:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cte_type_0 = SimulationCte.from_dict(data)



                return cte_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SimulationCte, data)

        cte = _parse_cte(d.pop("cte"))


        def _parse_tac_withholdings(data: object) -> None | TacWithholdings:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tac_withholdings_type_0 = TacWithholdings.from_dict(data)



                return tac_withholdings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TacWithholdings, data)

        tac_withholdings = _parse_tac_withholdings(d.pop("tac_withholdings"))


        antt_floor = SimulationFloor.from_dict(d.pop("antt_floor"))




        def _parse_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                id_type_0 = UUID(data)



                return id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        id = _parse_id(d.pop("id", UNSET))


        simulation = cls(
            methodology_id=methodology_id,
            methodology_version=methodology_version,
            subtotal=subtotal,
            total=total,
            currency=currency,
            breakdown=breakdown,
            tax_breakdown=tax_breakdown,
            effective_tax_rate=effective_tax_rate,
            cte=cte,
            tac_withholdings=tac_withholdings,
            antt_floor=antt_floor,
            id=id,
        )


        simulation.additional_properties = d
        return simulation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
