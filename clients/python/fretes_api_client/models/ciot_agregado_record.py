from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_agregado_debito_out import CiotAgregadoDebitoOut
  from ..models.ciot_agregado_out import CiotAgregadoOut
  from ..models.ciot_agregado_rota import CiotAgregadoRota
  from ..models.ciot_agregado_saldo import CiotAgregadoSaldo
  from ..models.ciot_agregado_viagem_out import CiotAgregadoViagemOut





T = TypeVar("T", bound="CiotAgregadoRecord")



@_attrs_define
class CiotAgregadoRecord:
    """ The contract with its trips, debits, balance and (once closed) the consolidated routes.

        Attributes:
            agregado (CiotAgregadoOut): An aggregate contract.
            viagens (list[CiotAgregadoViagemOut]):
            debitos (list[CiotAgregadoDebitoOut]):
            saldo (CiotAgregadoSaldo): Active credits minus active debits (cancelled lines count for nothing). The toll
                vouchers are the shipper's
                cost (Lei 10.209/2001): their own line, never in the balance.
            rotas_consolidadas (list[CiotAgregadoRota] | None):
     """

    agregado: CiotAgregadoOut
    viagens: list[CiotAgregadoViagemOut]
    debitos: list[CiotAgregadoDebitoOut]
    saldo: CiotAgregadoSaldo
    rotas_consolidadas: list[CiotAgregadoRota] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_agregado_debito_out import CiotAgregadoDebitoOut
        from ..models.ciot_agregado_out import CiotAgregadoOut
        from ..models.ciot_agregado_rota import CiotAgregadoRota
        from ..models.ciot_agregado_saldo import CiotAgregadoSaldo
        from ..models.ciot_agregado_viagem_out import CiotAgregadoViagemOut
        agregado = self.agregado.to_dict()

        viagens = []
        for viagens_item_data in self.viagens:
            viagens_item = viagens_item_data.to_dict()
            viagens.append(viagens_item)



        debitos = []
        for debitos_item_data in self.debitos:
            debitos_item = debitos_item_data.to_dict()
            debitos.append(debitos_item)



        saldo = self.saldo.to_dict()

        rotas_consolidadas: list[dict[str, Any]] | None
        if isinstance(self.rotas_consolidadas, list):
            rotas_consolidadas = []
            for rotas_consolidadas_type_0_item_data in self.rotas_consolidadas:
                rotas_consolidadas_type_0_item = rotas_consolidadas_type_0_item_data.to_dict()
                rotas_consolidadas.append(rotas_consolidadas_type_0_item)


        else:
            rotas_consolidadas = self.rotas_consolidadas


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agregado": agregado,
            "viagens": viagens,
            "debitos": debitos,
            "saldo": saldo,
            "rotas_consolidadas": rotas_consolidadas,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_agregado_debito_out import CiotAgregadoDebitoOut
        from ..models.ciot_agregado_out import CiotAgregadoOut
        from ..models.ciot_agregado_rota import CiotAgregadoRota
        from ..models.ciot_agregado_saldo import CiotAgregadoSaldo
        from ..models.ciot_agregado_viagem_out import CiotAgregadoViagemOut
        d = dict(src_dict)
        agregado = CiotAgregadoOut.from_dict(d.pop("agregado"))




        viagens = []
        _viagens = d.pop("viagens")
        for viagens_item_data in (_viagens):
            viagens_item = CiotAgregadoViagemOut.from_dict(viagens_item_data)



            viagens.append(viagens_item)


        debitos = []
        _debitos = d.pop("debitos")
        for debitos_item_data in (_debitos):
            debitos_item = CiotAgregadoDebitoOut.from_dict(debitos_item_data)



            debitos.append(debitos_item)


        saldo = CiotAgregadoSaldo.from_dict(d.pop("saldo"))




        def _parse_rotas_consolidadas(data: object) -> list[CiotAgregadoRota] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rotas_consolidadas_type_0 = []
                _rotas_consolidadas_type_0 = data
                for rotas_consolidadas_type_0_item_data in (_rotas_consolidadas_type_0):
                    rotas_consolidadas_type_0_item = CiotAgregadoRota.from_dict(rotas_consolidadas_type_0_item_data)



                    rotas_consolidadas_type_0.append(rotas_consolidadas_type_0_item)

                return rotas_consolidadas_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CiotAgregadoRota] | None, data)

        rotas_consolidadas = _parse_rotas_consolidadas(d.pop("rotas_consolidadas"))


        ciot_agregado_record = cls(
            agregado=agregado,
            viagens=viagens,
            debitos=debitos,
            saldo=saldo,
            rotas_consolidadas=rotas_consolidadas,
        )


        ciot_agregado_record.additional_properties = d
        return ciot_agregado_record

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
