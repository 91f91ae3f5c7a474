from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.ciot_agregado_pagamento import CiotAgregadoPagamento
  from ..models.ciot_agregado_veiculo import CiotAgregadoVeiculo





T = TypeVar("T", bound="CiotAgregadoRetificar")



@_attrs_define
class CiotAgregadoRetificar:
    """ POST /retificar: what changes (at least one). On a declared contract (legacy CIOT flow) only
    `valor_contratado`, `data_prevista_encerramento` and the route (`origem_*`, `destino_*`); on a contract held for
    its declaration data, also `pagamento` and `veiculos`, and it is declared once complete.

        Attributes:
            valor_contratado (float | None | str | Unset):
            data_prevista_encerramento (datetime.date | None | Unset):
            origem_uf (None | str | Unset):
            origem_municipio_nome (None | str | Unset):
            destino_uf (None | str | Unset):
            destino_municipio_nome (None | str | Unset):
            pagamento (CiotAgregadoPagamento | None | Unset):
            veiculos (list[CiotAgregadoVeiculo] | None | Unset):
            observacoes (None | str | Unset):
     """

    valor_contratado: float | None | str | Unset = UNSET
    data_prevista_encerramento: datetime.date | None | Unset = UNSET
    origem_uf: None | str | Unset = UNSET
    origem_municipio_nome: None | str | Unset = UNSET
    destino_uf: None | str | Unset = UNSET
    destino_municipio_nome: None | str | Unset = UNSET
    pagamento: CiotAgregadoPagamento | None | Unset = UNSET
    veiculos: list[CiotAgregadoVeiculo] | None | Unset = UNSET
    observacoes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_agregado_pagamento import CiotAgregadoPagamento
        from ..models.ciot_agregado_veiculo import CiotAgregadoVeiculo
        valor_contratado: float | None | str | Unset
        if isinstance(self.valor_contratado, Unset):
            valor_contratado = UNSET
        else:
            valor_contratado = self.valor_contratado

        data_prevista_encerramento: None | str | Unset
        if isinstance(self.data_prevista_encerramento, Unset):
            data_prevista_encerramento = UNSET
        elif isinstance(self.data_prevista_encerramento, datetime.date):
            data_prevista_encerramento = self.data_prevista_encerramento.isoformat()
        else:
            data_prevista_encerramento = self.data_prevista_encerramento

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

        veiculos: list[dict[str, Any]] | None | Unset
        if isinstance(self.veiculos, Unset):
            veiculos = UNSET
        elif isinstance(self.veiculos, list):
            veiculos = []
            for veiculos_type_0_item_data in self.veiculos:
                veiculos_type_0_item = veiculos_type_0_item_data.to_dict()
                veiculos.append(veiculos_type_0_item)


        else:
            veiculos = self.veiculos

        observacoes: None | str | Unset
        if isinstance(self.observacoes, Unset):
            observacoes = UNSET
        else:
            observacoes = self.observacoes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if valor_contratado is not UNSET:
            field_dict["valor_contratado"] = valor_contratado
        if data_prevista_encerramento is not UNSET:
            field_dict["data_prevista_encerramento"] = data_prevista_encerramento
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
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_agregado_pagamento import CiotAgregadoPagamento
        from ..models.ciot_agregado_veiculo import CiotAgregadoVeiculo
        d = dict(src_dict)
        def _parse_valor_contratado(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        valor_contratado = _parse_valor_contratado(d.pop("valor_contratado", UNSET))


        def _parse_data_prevista_encerramento(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_prevista_encerramento_type_0 = isoparse(data).date()



                return data_prevista_encerramento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        data_prevista_encerramento = _parse_data_prevista_encerramento(d.pop("data_prevista_encerramento", UNSET))


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


        def _parse_veiculos(data: object) -> list[CiotAgregadoVeiculo] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                veiculos_type_0 = []
                _veiculos_type_0 = data
                for veiculos_type_0_item_data in (_veiculos_type_0):
                    veiculos_type_0_item = CiotAgregadoVeiculo.from_dict(veiculos_type_0_item_data)



                    veiculos_type_0.append(veiculos_type_0_item)

                return veiculos_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CiotAgregadoVeiculo] | None | Unset, data)

        veiculos = _parse_veiculos(d.pop("veiculos", UNSET))


        def _parse_observacoes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observacoes = _parse_observacoes(d.pop("observacoes", UNSET))


        ciot_agregado_retificar = cls(
            valor_contratado=valor_contratado,
            data_prevista_encerramento=data_prevista_encerramento,
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            pagamento=pagamento,
            veiculos=veiculos,
            observacoes=observacoes,
        )


        ciot_agregado_retificar.additional_properties = d
        return ciot_agregado_retificar

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
