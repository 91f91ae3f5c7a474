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
  from ..models.ciot_agregado_pagamento import CiotAgregadoPagamento
  from ..models.ciot_agregado_veiculo import CiotAgregadoVeiculo





T = TypeVar("T", bound="CiotAgregadoCreate")



@_attrs_define
class CiotAgregadoCreate:
    """ POST /ciot-agregado/operations. The environment is the company's (never sent); the contract runs 30 days.

        Attributes:
            partner_id (UUID): Parceiro transportador (categoria RNTRC TAC ou TAC_EQUIPARADO).
            placa_cavalo (str): Placa AAA9999 ou Mercosul AAA9A99 (hífen e minúsculas aceitos; gravada em maiúsculas sem
                hífen).
            placas_reboques (list[str] | Unset):
            valor_contratado (float | None | str | Unset):
            origem_uf (None | str | Unset):
            origem_municipio_nome (None | str | Unset):
            destino_uf (None | str | Unset):
            destino_municipio_nome (None | str | Unset):
            pagamento (CiotAgregadoPagamento | None | Unset):
            veiculos (list[CiotAgregadoVeiculo] | Unset):
     """

    partner_id: UUID
    placa_cavalo: str
    placas_reboques: list[str] | Unset = UNSET
    valor_contratado: float | None | str | Unset = UNSET
    origem_uf: None | str | Unset = UNSET
    origem_municipio_nome: None | str | Unset = UNSET
    destino_uf: None | str | Unset = UNSET
    destino_municipio_nome: None | str | Unset = UNSET
    pagamento: CiotAgregadoPagamento | None | Unset = UNSET
    veiculos: list[CiotAgregadoVeiculo] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_agregado_pagamento import CiotAgregadoPagamento
        from ..models.ciot_agregado_veiculo import CiotAgregadoVeiculo
        partner_id = str(self.partner_id)

        placa_cavalo = self.placa_cavalo

        placas_reboques: list[str] | Unset = UNSET
        if not isinstance(self.placas_reboques, Unset):
            placas_reboques = self.placas_reboques



        valor_contratado: float | None | str | Unset
        if isinstance(self.valor_contratado, Unset):
            valor_contratado = UNSET
        else:
            valor_contratado = self.valor_contratado

        origem_uf: None | str | Unset
        if isinstance(self.origem_uf, Unset):
            origem_uf = UNSET
        else:
            origem_uf = self.origem_uf

        origem_municipio_nome: None | str | Unset
        if isinstance(self.origem_municipio_nome, Unset):
            origem_municipio_nome = UNSET
        else:
            origem_municipio_nome = self.origem_municipio_nome

        destino_uf: None | str | Unset
        if isinstance(self.destino_uf, Unset):
            destino_uf = UNSET
        else:
            destino_uf = self.destino_uf

        destino_municipio_nome: None | str | Unset
        if isinstance(self.destino_municipio_nome, Unset):
            destino_municipio_nome = UNSET
        else:
            destino_municipio_nome = self.destino_municipio_nome

        pagamento: dict[str, Any] | None | Unset
        if isinstance(self.pagamento, Unset):
            pagamento = UNSET
        elif isinstance(self.pagamento, CiotAgregadoPagamento):
            pagamento = self.pagamento.to_dict()
        else:
            pagamento = self.pagamento

        veiculos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.veiculos, Unset):
            veiculos = []
            for veiculos_item_data in self.veiculos:
                veiculos_item = veiculos_item_data.to_dict()
                veiculos.append(veiculos_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "partner_id": partner_id,
            "placa_cavalo": placa_cavalo,
        })
        if placas_reboques is not UNSET:
            field_dict["placas_reboques"] = placas_reboques
        if valor_contratado is not UNSET:
            field_dict["valor_contratado"] = valor_contratado
        if origem_uf is not UNSET:
            field_dict["origem_uf"] = origem_uf
        if origem_municipio_nome is not UNSET:
            field_dict["origem_municipio_nome"] = origem_municipio_nome
        if destino_uf is not UNSET:
            field_dict["destino_uf"] = destino_uf
        if destino_municipio_nome is not UNSET:
            field_dict["destino_municipio_nome"] = destino_municipio_nome
        if pagamento is not UNSET:
            field_dict["pagamento"] = pagamento
        if veiculos is not UNSET:
            field_dict["veiculos"] = veiculos

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_agregado_pagamento import CiotAgregadoPagamento
        from ..models.ciot_agregado_veiculo import CiotAgregadoVeiculo
        d = dict(src_dict)
        partner_id = UUID(d.pop("partner_id"))




        placa_cavalo = d.pop("placa_cavalo")

        placas_reboques = cast(list[str], d.pop("placas_reboques", UNSET))


        def _parse_valor_contratado(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        valor_contratado = _parse_valor_contratado(d.pop("valor_contratado", UNSET))


        def _parse_origem_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem_uf = _parse_origem_uf(d.pop("origem_uf", UNSET))


        def _parse_origem_municipio_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem_municipio_nome = _parse_origem_municipio_nome(d.pop("origem_municipio_nome", UNSET))


        def _parse_destino_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destino_uf = _parse_destino_uf(d.pop("destino_uf", UNSET))


        def _parse_destino_municipio_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destino_municipio_nome = _parse_destino_municipio_nome(d.pop("destino_municipio_nome", UNSET))


        def _parse_pagamento(data: object) -> CiotAgregadoPagamento | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pagamento_type_0 = CiotAgregadoPagamento.from_dict(data)



                return pagamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoPagamento | None | Unset, data)

        pagamento = _parse_pagamento(d.pop("pagamento", UNSET))


        _veiculos = d.pop("veiculos", UNSET)
        veiculos: list[CiotAgregadoVeiculo] | Unset = UNSET
        if _veiculos is not UNSET:
            veiculos = []
            for veiculos_item_data in _veiculos:
                veiculos_item = CiotAgregadoVeiculo.from_dict(veiculos_item_data)



                veiculos.append(veiculos_item)


        ciot_agregado_create = cls(
            partner_id=partner_id,
            placa_cavalo=placa_cavalo,
            placas_reboques=placas_reboques,
            valor_contratado=valor_contratado,
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            pagamento=pagamento,
            veiculos=veiculos,
        )


        ciot_agregado_create.additional_properties = d
        return ciot_agregado_create

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
