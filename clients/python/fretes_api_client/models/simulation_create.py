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
  from ..models.simulation_create_inputs import SimulationCreateInputs
  from ..models.tax_context_in import TaxContextIn





T = TypeVar("T", bound="SimulationCreate")



@_attrs_define
class SimulationCreate:
    """ 
        Attributes:
            methodology_id (UUID):
            inputs (SimulationCreateInputs):
            save (bool | Unset): Padrão: false.
            notes (None | str | Unset):
            tax_context (None | TaxContextIn | Unset):
     """

    methodology_id: UUID
    inputs: SimulationCreateInputs
    save: bool | Unset = UNSET
    notes: None | str | Unset = UNSET
    tax_context: None | TaxContextIn | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.simulation_create_inputs import SimulationCreateInputs
        from ..models.tax_context_in import TaxContextIn
        methodology_id = str(self.methodology_id)

        inputs = self.inputs.to_dict()

        save = self.save

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        tax_context: dict[str, Any] | None | Unset
        if isinstance(self.tax_context, Unset):
            tax_context = UNSET
        elif isinstance(self.tax_context, TaxContextIn):
            tax_context = self.tax_context.to_dict()
        else:
            tax_context = self.tax_context


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "methodology_id": methodology_id,
            "inputs": inputs,
        })
        if save is not UNSET:
            field_dict["save"] = save
        if notes is not UNSET:
            field_dict["notes"] = notes
        if tax_context is not UNSET:
            field_dict["tax_context"] = tax_context

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.simulation_create_inputs import SimulationCreateInputs
        from ..models.tax_context_in import TaxContextIn
        d = dict(src_dict)
        methodology_id = UUID(d.pop("methodology_id"))




        inputs = SimulationCreateInputs.from_dict(d.pop("inputs"))




        save = d.pop("save", UNSET)

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        def _parse_tax_context(data: object) -> None | TaxContextIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tax_context_type_0 = TaxContextIn.from_dict(data)



                return tax_context_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaxContextIn | Unset, data)

        tax_context = _parse_tax_context(d.pop("tax_context", UNSET))


        simulation_create = cls(
            methodology_id=methodology_id,
            inputs=inputs,
            save=save,
            notes=notes,
            tax_context=tax_context,
        )


        simulation_create.additional_properties = d
        return simulation_create

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
