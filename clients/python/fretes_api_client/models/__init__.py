""" Contains all the data models used in inputs/outputs """

from .accept_offer_x_service_signature_version import AcceptOfferXServiceSignatureVersion
from .add_ciot_agregado_debito_x_service_signature_version import AddCiotAgregadoDebitoXServiceSignatureVersion
from .add_ciot_agregado_viagem_x_service_signature_version import AddCiotAgregadoViagemXServiceSignatureVersion
from .antt_floor import AnttFloor
from .antt_floor_act import AnttFloorAct
from .antt_floor_out import AnttFloorOut
from .antt_floor_piece import AnttFloorPiece
from .antt_floor_piece_key import AnttFloorPieceKey
from .antt_floor_response import AnttFloorResponse
from .antt_floor_table import AnttFloorTable
from .api_error import ApiError
from .bank_account import BankAccount
from .bank_account_account_type_type_0 import BankAccountAccountTypeType0
from .bank_account_pix_key_type_type_0 import BankAccountPixKeyTypeType0
from .billing_document import BillingDocument
from .billing_document_kind import BillingDocumentKind
from .billing_document_list import BillingDocumentList
from .billing_document_metadata import BillingDocumentMetadata
from .billing_document_response import BillingDocumentResponse
from .billing_document_status import BillingDocumentStatus
from .breakdown_line import BreakdownLine
from .bulk_create_drivers_x_service_signature_version import BulkCreateDriversXServiceSignatureVersion
from .callback_ack import CallbackAck
from .cancel_ciot_agregado_debito_x_service_signature_version import CancelCiotAgregadoDebitoXServiceSignatureVersion
from .cancel_ciot_agregado_viagem_x_service_signature_version import CancelCiotAgregadoViagemXServiceSignatureVersion
from .cancel_ciot_agregado_x_service_signature_version import CancelCiotAgregadoXServiceSignatureVersion
from .cancel_ciot_operation_x_service_signature_version import CancelCiotOperationXServiceSignatureVersion
from .cancel_invoice_x_service_signature_version import CancelInvoiceXServiceSignatureVersion
from .carrier_ref import CarrierRef
from .change_freight_status_x_service_signature_version import ChangeFreightStatusXServiceSignatureVersion
from .ciot_action_done import CiotActionDone
from .ciot_action_error import CiotActionError
from .ciot_action_pending import CiotActionPending
from .ciot_action_pending_pendencia import CiotActionPendingPendencia
from .ciot_action_pending_status import CiotActionPendingStatus
from .ciot_agregado_bloqueio import CiotAgregadoBloqueio
from .ciot_agregado_cancel import CiotAgregadoCancel
from .ciot_agregado_cancel_movement import CiotAgregadoCancelMovement
from .ciot_agregado_close import CiotAgregadoClose
from .ciot_agregado_create import CiotAgregadoCreate
from .ciot_agregado_debito_create import CiotAgregadoDebitoCreate
from .ciot_agregado_debito_create_tipo import CiotAgregadoDebitoCreateTipo
from .ciot_agregado_debito_out import CiotAgregadoDebitoOut
from .ciot_agregado_debito_out_status import CiotAgregadoDebitoOutStatus
from .ciot_agregado_debito_out_tipo import CiotAgregadoDebitoOutTipo
from .ciot_agregado_debito_response import CiotAgregadoDebitoResponse
from .ciot_agregado_existing_error import CiotAgregadoExistingError
from .ciot_agregado_list import CiotAgregadoList
from .ciot_agregado_out import CiotAgregadoOut
from .ciot_agregado_out_contratado_categoria import CiotAgregadoOutContratadoCategoria
from .ciot_agregado_out_environment import CiotAgregadoOutEnvironment
from .ciot_agregado_out_status import CiotAgregadoOutStatus
from .ciot_agregado_pagamento import CiotAgregadoPagamento
from .ciot_agregado_pagamento_out import CiotAgregadoPagamentoOut
from .ciot_agregado_pagamento_tipo_chave_pix_type_0 import CiotAgregadoPagamentoTipoChavePixType0
from .ciot_agregado_pagamento_tipo_pagamento_type_0 import CiotAgregadoPagamentoTipoPagamentoType0
from .ciot_agregado_pagamento_titular_parentesco_type_0 import CiotAgregadoPagamentoTitularParentescoType0
from .ciot_agregado_pendencia import CiotAgregadoPendencia
from .ciot_agregado_pendencia_tipo import CiotAgregadoPendenciaTipo
from .ciot_agregado_record import CiotAgregadoRecord
from .ciot_agregado_response import CiotAgregadoResponse
from .ciot_agregado_retificar import CiotAgregadoRetificar
from .ciot_agregado_rota import CiotAgregadoRota
from .ciot_agregado_rota_distancia import CiotAgregadoRotaDistancia
from .ciot_agregado_rota_distancia_metodo_type_0 import CiotAgregadoRotaDistanciaMetodoType0
from .ciot_agregado_saldo import CiotAgregadoSaldo
from .ciot_agregado_veiculo import CiotAgregadoVeiculo
from .ciot_agregado_veiculo_out import CiotAgregadoVeiculoOut
from .ciot_agregado_veiculo_out_eixos_origem_type_0 import CiotAgregadoVeiculoOutEixosOrigemType0
from .ciot_agregado_veiculo_out_tipo_veiculo import CiotAgregadoVeiculoOutTipoVeiculo
from .ciot_agregado_veiculo_tipo_veiculo_type_0 import CiotAgregadoVeiculoTipoVeiculoType0
from .ciot_agregado_viagem_create import CiotAgregadoViagemCreate
from .ciot_agregado_viagem_out import CiotAgregadoViagemOut
from .ciot_agregado_viagem_out_status import CiotAgregadoViagemOutStatus
from .ciot_agregado_viagem_response import CiotAgregadoViagemResponse
from .ciot_bank_data import CiotBankData
from .ciot_cancel_body import CiotCancelBody
from .ciot_cancellation import CiotCancellation
from .ciot_close_body import CiotCloseBody
from .ciot_closing import CiotClosing
from .ciot_contratante import CiotContratante
from .ciot_contratante_out import CiotContratanteOut
from .ciot_contratante_out_papel_type_0 import CiotContratanteOutPapelType0
from .ciot_contratante_papel_type_0 import CiotContratantePapelType0
from .ciot_create_result import CiotCreateResult
from .ciot_created import CiotCreated
from .ciot_created_status import CiotCreatedStatus
from .ciot_creation_emission import CiotCreationEmission
from .ciot_derived_field import CiotDerivedField
from .ciot_document import CiotDocument
from .ciot_document_kind import CiotDocumentKind
from .ciot_document_out import CiotDocumentOut
from .ciot_document_out_kind import CiotDocumentOutKind
from .ciot_emission_data import CiotEmissionData
from .ciot_emission_data_environment import CiotEmissionDataEnvironment
from .ciot_emission_data_status import CiotEmissionDataStatus
from .ciot_emit_pending import CiotEmitPending
from .ciot_emit_pending_status import CiotEmitPendingStatus
from .ciot_emitted import CiotEmitted
from .ciot_event_out import CiotEventOut
from .ciot_event_out_data import CiotEventOutData
from .ciot_fiscal_file import CiotFiscalFile
from .ciot_from_document_create import CiotFromDocumentCreate
from .ciot_from_document_create_environment_type_0 import CiotFromDocumentCreateEnvironmentType0
from .ciot_from_document_create_tipo_operacao_type_0 import CiotFromDocumentCreateTipoOperacaoType0
from .ciot_from_document_result import CiotFromDocumentResult
from .ciot_import_result import CiotImportResult
from .ciot_imported import CiotImported
from .ciot_imported_status import CiotImportedStatus
from .ciot_location import CiotLocation
from .ciot_location_tipo import CiotLocationTipo
from .ciot_modality import CiotModality
from .ciot_modality_contratado_tipo_type_0 import CiotModalityContratadoTipoType0
from .ciot_modality_source import CiotModalitySource
from .ciot_operation import CiotOperation
from .ciot_operation_composicao_contratada_type_0 import CiotOperationComposicaoContratadaType0
from .ciot_operation_contratado_tipo_type_0 import CiotOperationContratadoTipoType0
from .ciot_operation_create import CiotOperationCreate
from .ciot_operation_create_composicao_contratada_type_0 import CiotOperationCreateComposicaoContratadaType0
from .ciot_operation_create_contratado_tipo_type_0 import CiotOperationCreateContratadoTipoType0
from .ciot_operation_create_environment_type_0 import CiotOperationCreateEnvironmentType0
from .ciot_operation_create_indicador_pagamento_type_0 import CiotOperationCreateIndicadorPagamentoType0
from .ciot_operation_create_tipo_chave_pix_type_0 import CiotOperationCreateTipoChavePixType0
from .ciot_operation_create_tipo_operacao import CiotOperationCreateTipoOperacao
from .ciot_operation_create_tipo_pagamento_type_0 import CiotOperationCreateTipoPagamentoType0
from .ciot_operation_create_titular_parentesco_type_0 import CiotOperationCreateTitularParentescoType0
from .ciot_operation_distancia_origem_type_0 import CiotOperationDistanciaOrigemType0
from .ciot_operation_environment import CiotOperationEnvironment
from .ciot_operation_indicador_pagamento_type_0 import CiotOperationIndicadorPagamentoType0
from .ciot_operation_list import CiotOperationList
from .ciot_operation_mode import CiotOperationMode
from .ciot_operation_pendencia_type_0 import CiotOperationPendenciaType0
from .ciot_operation_response import CiotOperationResponse
from .ciot_operation_status import CiotOperationStatus
from .ciot_operation_summary import CiotOperationSummary
from .ciot_operation_summary_environment import CiotOperationSummaryEnvironment
from .ciot_operation_summary_mode import CiotOperationSummaryMode
from .ciot_operation_summary_status import CiotOperationSummaryStatus
from .ciot_operation_summary_tipo_operacao import CiotOperationSummaryTipoOperacao
from .ciot_operation_tipo_chave_pix_type_0 import CiotOperationTipoChavePixType0
from .ciot_operation_tipo_operacao import CiotOperationTipoOperacao
from .ciot_operation_tipo_pagamento_type_0 import CiotOperationTipoPagamentoType0
from .ciot_operation_titular_parentesco_type_0 import CiotOperationTitularParentescoType0
from .ciot_operation_update import CiotOperationUpdate
from .ciot_operation_update_composicao_contratada_type_0 import CiotOperationUpdateComposicaoContratadaType0
from .ciot_operation_update_contratado_tipo_type_0 import CiotOperationUpdateContratadoTipoType0
from .ciot_operation_update_indicador_pagamento_type_0 import CiotOperationUpdateIndicadorPagamentoType0
from .ciot_operation_update_tipo_chave_pix_type_0 import CiotOperationUpdateTipoChavePixType0
from .ciot_operation_update_tipo_operacao_type_0 import CiotOperationUpdateTipoOperacaoType0
from .ciot_operation_update_tipo_pagamento_type_0 import CiotOperationUpdateTipoPagamentoType0
from .ciot_operation_update_titular_parentesco_type_0 import CiotOperationUpdateTitularParentescoType0
from .ciot_payment import CiotPayment
from .ciot_payment_indicador_pagamento import CiotPaymentIndicadorPagamento
from .ciot_payment_kind import CiotPaymentKind
from .ciot_payment_out import CiotPaymentOut
from .ciot_payment_out_indicador_pagamento import CiotPaymentOutIndicadorPagamento
from .ciot_payment_out_kind import CiotPaymentOutKind
from .ciot_payment_out_tipo_chave_pix_type_0 import CiotPaymentOutTipoChavePixType0
from .ciot_payment_out_tipo_pagamento import CiotPaymentOutTipoPagamento
from .ciot_payment_out_titular_parentesco_type_0 import CiotPaymentOutTitularParentescoType0
from .ciot_payment_tipo_chave_pix_type_0 import CiotPaymentTipoChavePixType0
from .ciot_payment_tipo_pagamento import CiotPaymentTipoPagamento
from .ciot_payment_titular_parentesco_type_0 import CiotPaymentTitularParentescoType0
from .ciot_pdf_job import CiotPdfJob
from .ciot_pdf_job_response import CiotPdfJobResponse
from .ciot_place import CiotPlace
from .ciot_place_tipo import CiotPlaceTipo
from .ciot_rectify_body import CiotRectifyBody
from .ciot_stored_validation import CiotStoredValidation
from .ciot_unknown_contratado import CiotUnknownContratado
from .ciot_validated import CiotValidated
from .ciot_validation import CiotValidation
from .ciot_validation_item import CiotValidationItem
from .ciot_validation_item_severity import CiotValidationItemSeverity
from .ciot_validation_summary import CiotValidationSummary
from .ciot_vehicle import CiotVehicle
from .ciot_vehicle_out import CiotVehicleOut
from .ciot_vehicle_out_vehicle_kind import CiotVehicleOutVehicleKind
from .ciot_vehicle_vehicle_kind import CiotVehicleVehicleKind
from .close_ciot_agregado_x_service_signature_version import CloseCiotAgregadoXServiceSignatureVersion
from .close_ciot_operation_x_service_signature_version import CloseCiotOperationXServiceSignatureVersion
from .conflict_error import ConflictError
from .conflict_error_object import ConflictErrorObject
from .count_new_leads_status import CountNewLeadsStatus
from .count_new_leads_x_service_signature_version import CountNewLeadsXServiceSignatureVersion
from .counter_offer_x_service_signature_version import CounterOfferXServiceSignatureVersion
from .create_ciot_agregado_x_service_signature_version import CreateCiotAgregadoXServiceSignatureVersion
from .create_ciot_from_document_x_service_signature_version import CreateCiotFromDocumentXServiceSignatureVersion
from .create_ciot_operation_x_service_signature_version import CreateCiotOperationXServiceSignatureVersion
from .create_ciot_pdf_job_x_service_signature_version import CreateCiotPdfJobXServiceSignatureVersion
from .create_document_x_service_signature_version import CreateDocumentXServiceSignatureVersion
from .create_driver_x_service_signature_version import CreateDriverXServiceSignatureVersion
from .create_freight_x_service_signature_version import CreateFreightXServiceSignatureVersion
from .create_invoice_x_service_signature_version import CreateInvoiceXServiceSignatureVersion
from .create_message_x_service_signature_version import CreateMessageXServiceSignatureVersion
from .create_methodology_x_service_signature_version import CreateMethodologyXServiceSignatureVersion
from .create_offer_x_service_signature_version import CreateOfferXServiceSignatureVersion
from .create_partner_x_service_signature_version import CreatePartnerXServiceSignatureVersion
from .create_payables_x_service_signature_version import CreatePayablesXServiceSignatureVersion
from .create_simulation_x_service_signature_version import CreateSimulationXServiceSignatureVersion
from .create_vehicle_x_service_signature_version import CreateVehicleXServiceSignatureVersion
from .create_webhook_endpoint_x_service_signature_version import CreateWebhookEndpointXServiceSignatureVersion
from .delete_ciot_operation_x_service_signature_version import DeleteCiotOperationXServiceSignatureVersion
from .delete_driver_x_service_signature_version import DeleteDriverXServiceSignatureVersion
from .delete_vehicle_x_service_signature_version import DeleteVehicleXServiceSignatureVersion
from .disable_webhook_endpoint_x_service_signature_version import DisableWebhookEndpointXServiceSignatureVersion
from .discard_document_x_service_signature_version import DiscardDocumentXServiceSignatureVersion
from .document_create import DocumentCreate
from .document_create_kind import DocumentCreateKind
from .document_create_metadata_type_0 import DocumentCreateMetadataType0
from .download_ciot_agregado_pdf_x_service_signature_version import DownloadCiotAgregadoPdfXServiceSignatureVersion
from .download_ciot_operation_pdf_x_service_signature_version import DownloadCiotOperationPdfXServiceSignatureVersion
from .download_ciot_operations_zip_environment_type_0 import DownloadCiotOperationsZipEnvironmentType0
from .download_ciot_operations_zip_x_service_signature_version import DownloadCiotOperationsZipXServiceSignatureVersion
from .download_ciot_pdf_job_zip_x_service_signature_version import DownloadCiotPdfJobZipXServiceSignatureVersion
from .driver import Driver
from .driver_bulk import DriverBulk
from .driver_bulk_response import DriverBulkResponse
from .driver_bulk_result import DriverBulkResult
from .driver_cnh_category_type_0 import DriverCnhCategoryType0
from .driver_conflict import DriverConflict
from .driver_create import DriverCreate
from .driver_create_cnh_category_type_0 import DriverCreateCnhCategoryType0
from .driver_create_status import DriverCreateStatus
from .driver_item_error import DriverItemError
from .driver_list import DriverList
from .driver_ref import DriverRef
from .driver_response import DriverResponse
from .driver_status import DriverStatus
from .driver_update import DriverUpdate
from .driver_update_cnh_category_type_0 import DriverUpdateCnhCategoryType0
from .driver_update_status import DriverUpdateStatus
from .emit_ciot_operation_x_service_signature_version import EmitCiotOperationXServiceSignatureVersion
from .emit_invoice_x_service_signature_version import EmitInvoiceXServiceSignatureVersion
from .enable_webhook_endpoint_x_service_signature_version import EnableWebhookEndpointXServiceSignatureVersion
from .enum_option import EnumOption
from .error_detail import ErrorDetail
from .error_object import ErrorObject
from .fleet_vehicle import FleetVehicle
from .fleet_vehicle_status import FleetVehicleStatus
from .freight import Freight
from .freight_antt_table_type_0 import FreightAnttTableType0
from .freight_create import FreightCreate
from .freight_create_antt_table_type_0 import FreightCreateAnttTableType0
from .freight_create_visibility_type_0 import FreightCreateVisibilityType0
from .freight_detail import FreightDetail
from .freight_detail_antt_table_type_0 import FreightDetailAnttTableType0
from .freight_detail_response import FreightDetailResponse
from .freight_detail_status import FreightDetailStatus
from .freight_detail_visibility import FreightDetailVisibility
from .freight_list import FreightList
from .freight_response import FreightResponse
from .freight_status import FreightStatus
from .freight_status_change import FreightStatusChange
from .freight_status_change_status import FreightStatusChangeStatus
from .freight_status_changed_data import FreightStatusChangedData
from .freight_update import FreightUpdate
from .freight_update_antt_table_type_0 import FreightUpdateAnttTableType0
from .freight_update_visibility_type_0 import FreightUpdateVisibilityType0
from .freight_visibility import FreightVisibility
from .get_ciot_agregado_x_service_signature_version import GetCiotAgregadoXServiceSignatureVersion
from .get_ciot_operation_x_service_signature_version import GetCiotOperationXServiceSignatureVersion
from .get_ciot_pdf_job_x_service_signature_version import GetCiotPdfJobXServiceSignatureVersion
from .get_document_x_service_signature_version import GetDocumentXServiceSignatureVersion
from .get_driver_x_service_signature_version import GetDriverXServiceSignatureVersion
from .get_freight_x_service_signature_version import GetFreightXServiceSignatureVersion
from .get_invoice_x_service_signature_version import GetInvoiceXServiceSignatureVersion
from .get_me_x_service_signature_version import GetMeXServiceSignatureVersion
from .get_message_x_service_signature_version import GetMessageXServiceSignatureVersion
from .get_methodology_x_service_signature_version import GetMethodologyXServiceSignatureVersion
from .get_partner_x_service_signature_version import GetPartnerXServiceSignatureVersion
from .get_vehicle_x_service_signature_version import GetVehicleXServiceSignatureVersion
from .get_webhook_delivery_x_service_signature_version import GetWebhookDeliveryXServiceSignatureVersion
from .get_webhook_endpoint_x_service_signature_version import GetWebhookEndpointXServiceSignatureVersion
from .invoice import Invoice
from .invoice_create import InvoiceCreate
from .invoice_list import InvoiceList
from .invoice_list_item import InvoiceListItem
from .invoice_list_item_status import InvoiceListItemStatus
from .invoice_pdf_file_x_service_signature_version import InvoicePdfFileXServiceSignatureVersion
from .invoice_response import InvoiceResponse
from .invoice_status import InvoiceStatus
from .lead_create import LeadCreate
from .lead_status_change import LeadStatusChange
from .lead_status_change_status import LeadStatusChangeStatus
from .list_ciot_agregados_x_service_signature_version import ListCiotAgregadosXServiceSignatureVersion
from .list_ciot_operations_tipo_operacao_type_0 import ListCiotOperationsTipoOperacaoType0
from .list_ciot_operations_x_service_signature_version import ListCiotOperationsXServiceSignatureVersion
from .list_company_leads_status_type_0 import ListCompanyLeadsStatusType0
from .list_company_leads_x_service_signature_version import ListCompanyLeadsXServiceSignatureVersion
from .list_documents_status_type_0 import ListDocumentsStatusType0
from .list_documents_x_service_signature_version import ListDocumentsXServiceSignatureVersion
from .list_drivers_status_type_0 import ListDriversStatusType0
from .list_drivers_x_service_signature_version import ListDriversXServiceSignatureVersion
from .list_freights_visibility_type_0 import ListFreightsVisibilityType0
from .list_freights_x_service_signature_version import ListFreightsXServiceSignatureVersion
from .list_invoices_status_type_0 import ListInvoicesStatusType0
from .list_invoices_x_service_signature_version import ListInvoicesXServiceSignatureVersion
from .list_messages_status_type_0 import ListMessagesStatusType0
from .list_messages_x_service_signature_version import ListMessagesXServiceSignatureVersion
from .list_methodologies_x_service_signature_version import ListMethodologiesXServiceSignatureVersion
from .list_offers_x_service_signature_version import ListOffersXServiceSignatureVersion
from .list_partners_role_type_0 import ListPartnersRoleType0
from .list_partners_x_service_signature_version import ListPartnersXServiceSignatureVersion
from .list_payables_status_type_0 import ListPayablesStatusType0
from .list_payables_x_service_signature_version import ListPayablesXServiceSignatureVersion
from .list_receivables_status_type_0 import ListReceivablesStatusType0
from .list_receivables_x_service_signature_version import ListReceivablesXServiceSignatureVersion
from .list_vehicles_status_type_0 import ListVehiclesStatusType0
from .list_vehicles_x_service_signature_version import ListVehiclesXServiceSignatureVersion
from .list_webhook_deliveries_event_type_type_0 import ListWebhookDeliveriesEventTypeType0
from .list_webhook_deliveries_status_type_0 import ListWebhookDeliveriesStatusType0
from .list_webhook_deliveries_x_service_signature_version import ListWebhookDeliveriesXServiceSignatureVersion
from .list_webhook_endpoints_x_service_signature_version import ListWebhookEndpointsXServiceSignatureVersion
from .location import Location
from .marketplace_freight import MarketplaceFreight
from .marketplace_freight_list import MarketplaceFreightList
from .marketplace_freight_response import MarketplaceFreightResponse
from .marketplace_lead import MarketplaceLead
from .marketplace_lead_count import MarketplaceLeadCount
from .marketplace_lead_count_response import MarketplaceLeadCountResponse
from .marketplace_lead_count_status import MarketplaceLeadCountStatus
from .marketplace_lead_created_data import MarketplaceLeadCreatedData
from .marketplace_lead_list import MarketplaceLeadList
from .marketplace_lead_ok import MarketplaceLeadOk
from .marketplace_lead_response import MarketplaceLeadResponse
from .marketplace_lead_status import MarketplaceLeadStatus
from .me import Me
from .me_company import MeCompany
from .me_company_ciot_environment import MeCompanyCiotEnvironment
from .me_key import MeKey
from .me_key_scopes_item import MeKeyScopesItem
from .me_response import MeResponse
from .message import Message
from .message_channel import MessageChannel
from .message_create import MessageCreate
from .message_create_channel import MessageCreateChannel
from .message_create_variables import MessageCreateVariables
from .message_list import MessageList
from .message_response import MessageResponse
from .message_status import MessageStatus
from .methodology import Methodology
from .methodology_component import MethodologyComponent
from .methodology_component_out import MethodologyComponentOut
from .methodology_definition import MethodologyDefinition
from .methodology_definition_tax_mode import MethodologyDefinitionTaxMode
from .methodology_input import MethodologyInput
from .methodology_input_option import MethodologyInputOption
from .methodology_input_out import MethodologyInputOut
from .methodology_input_out_type import MethodologyInputOutType
from .methodology_input_type import MethodologyInputType
from .methodology_list import MethodologyList
from .methodology_response import MethodologyResponse
from .methodology_tax_mode import MethodologyTaxMode
from .offer import Offer
from .offer_accepted_data import OfferAcceptedData
from .offer_counter import OfferCounter
from .offer_counter_out import OfferCounterOut
from .offer_create import OfferCreate
from .offer_floor_out import OfferFloorOut
from .offer_list import OfferList
from .offer_reject import OfferReject
from .offer_response import OfferResponse
from .offer_source import OfferSource
from .offer_status import OfferStatus
from .page_info import PageInfo
from .partner import Partner
from .partner_create import PartnerCreate
from .partner_create_person_kind import PartnerCreatePersonKind
from .partner_create_rntrc_categoria_type_0 import PartnerCreateRntrcCategoriaType0
from .partner_create_roles_item import PartnerCreateRolesItem
from .partner_detail import PartnerDetail
from .partner_detail_person_kind import PartnerDetailPersonKind
from .partner_detail_response import PartnerDetailResponse
from .partner_detail_rntrc_categoria_type_0 import PartnerDetailRntrcCategoriaType0
from .partner_detail_roles_item import PartnerDetailRolesItem
from .partner_list import PartnerList
from .partner_person_kind import PartnerPersonKind
from .partner_response import PartnerResponse
from .partner_rntrc_categoria_type_0 import PartnerRntrcCategoriaType0
from .partner_roles_item import PartnerRolesItem
from .partner_update import PartnerUpdate
from .partner_update_person_kind import PartnerUpdatePersonKind
from .partner_update_rntrc_categoria_type_0 import PartnerUpdateRntrcCategoriaType0
from .partner_update_roles_item import PartnerUpdateRolesItem
from .payable import Payable
from .payable_create import PayableCreate
from .payable_ids import PayableIds
from .payable_list import PayableList
from .payable_response import PayableResponse
from .payable_status import PayableStatus
from .payment_create import PaymentCreate
from .pdf_job_create import PdfJobCreate
from .pdf_job_create_environment_type_0 import PdfJobCreateEnvironmentType0
from .pdf_job_create_status_type_0_item import PdfJobCreateStatusType0Item
from .place import Place
from .receipt_create import ReceiptCreate
from .receivable import Receivable
from .receivable_list import ReceivableList
from .receivable_response import ReceivableResponse
from .receivable_status import ReceivableStatus
from .record_payable_payment_x_service_signature_version import RecordPayablePaymentXServiceSignatureVersion
from .record_receivable_payment_x_service_signature_version import RecordReceivablePaymentXServiceSignatureVersion
from .rectify_ciot_agregado_x_service_signature_version import RectifyCiotAgregadoXServiceSignatureVersion
from .rectify_ciot_operation_x_service_signature_version import RectifyCiotOperationXServiceSignatureVersion
from .redeliver_webhook_x_service_signature_version import RedeliverWebhookXServiceSignatureVersion
from .reject_offer_x_service_signature_version import RejectOfferXServiceSignatureVersion
from .rotate_webhook_secret_x_service_signature_version import RotateWebhookSecretXServiceSignatureVersion
from .save_methodology_version_x_service_signature_version import SaveMethodologyVersionXServiceSignatureVersion
from .send_webhook_test_x_service_signature_version import SendWebhookTestXServiceSignatureVersion
from .server_error import ServerError
from .server_error_object import ServerErrorObject
from .simulation import Simulation
from .simulation_converted_data import SimulationConvertedData
from .simulation_create import SimulationCreate
from .simulation_create_inputs import SimulationCreateInputs
from .simulation_created_data import SimulationCreatedData
from .simulation_created_data_inputs import SimulationCreatedDataInputs
from .simulation_cte import SimulationCte
from .simulation_floor import SimulationFloor
from .simulation_response import SimulationResponse
from .status_change import StatusChange
from .status_change_from_type_0 import StatusChangeFromType0
from .status_change_to import StatusChangeTo
from .tac_withholding_line import TacWithholdingLine
from .tac_withholding_line_kind import TacWithholdingLineKind
from .tac_withholdings import TacWithholdings
from .tax_context_in import TaxContextIn
from .tax_line_out import TaxLineOut
from .tax_line_out_kind import TaxLineOutKind
from .tax_line_out_mode import TaxLineOutMode
from .update_ciot_operation_x_service_signature_version import UpdateCiotOperationXServiceSignatureVersion
from .update_driver_x_service_signature_version import UpdateDriverXServiceSignatureVersion
from .update_freight_x_service_signature_version import UpdateFreightXServiceSignatureVersion
from .update_lead_status_x_service_signature_version import UpdateLeadStatusXServiceSignatureVersion
from .update_partner_x_service_signature_version import UpdatePartnerXServiceSignatureVersion
from .update_vehicle_x_service_signature_version import UpdateVehicleXServiceSignatureVersion
from .update_webhook_endpoint_x_service_signature_version import UpdateWebhookEndpointXServiceSignatureVersion
from .validate_ciot_operation_x_service_signature_version import ValidateCiotOperationXServiceSignatureVersion
from .vehicle_create import VehicleCreate
from .vehicle_create_status import VehicleCreateStatus
from .vehicle_list import VehicleList
from .vehicle_ref import VehicleRef
from .vehicle_response import VehicleResponse
from .vehicle_update import VehicleUpdate
from .vehicle_update_status import VehicleUpdateStatus
from .webhook_attempt import WebhookAttempt
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_detail import WebhookDeliveryDetail
from .webhook_delivery_detail_response import WebhookDeliveryDetailResponse
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_response import WebhookDeliveryResponse
from .webhook_endpoint import WebhookEndpoint
from .webhook_endpoint_create import WebhookEndpointCreate
from .webhook_endpoint_create_event_types_type_0_item import WebhookEndpointCreateEventTypesType0Item
from .webhook_endpoint_list import WebhookEndpointList
from .webhook_endpoint_response import WebhookEndpointResponse
from .webhook_endpoint_update import WebhookEndpointUpdate
from .webhook_endpoint_update_event_types_type_0_item import WebhookEndpointUpdateEventTypesType0Item
from .webhook_endpoint_with_secret import WebhookEndpointWithSecret
from .webhook_endpoint_with_secret_response import WebhookEndpointWithSecretResponse
from .webhook_event_freight_status_changed import WebhookEventFreightStatusChanged
from .webhook_event_marketplace_lead_created import WebhookEventMarketplaceLeadCreated
from .webhook_event_offer_accepted import WebhookEventOfferAccepted
from .webhook_event_simulation_converted import WebhookEventSimulationConverted
from .webhook_event_simulation_created import WebhookEventSimulationCreated
from .webhook_event_webhook_test import WebhookEventWebhookTest
from .webhook_test_data import WebhookTestData

__all__ = (
    "AcceptOfferXServiceSignatureVersion",
    "AddCiotAgregadoDebitoXServiceSignatureVersion",
    "AddCiotAgregadoViagemXServiceSignatureVersion",
    "AnttFloor",
    "AnttFloorAct",
    "AnttFloorOut",
    "AnttFloorPiece",
    "AnttFloorPieceKey",
    "AnttFloorResponse",
    "AnttFloorTable",
    "ApiError",
    "BankAccount",
    "BankAccountAccountTypeType0",
    "BankAccountPixKeyTypeType0",
    "BillingDocument",
    "BillingDocumentKind",
    "BillingDocumentList",
    "BillingDocumentMetadata",
    "BillingDocumentResponse",
    "BillingDocumentStatus",
    "BreakdownLine",
    "BulkCreateDriversXServiceSignatureVersion",
    "CallbackAck",
    "CancelCiotAgregadoDebitoXServiceSignatureVersion",
    "CancelCiotAgregadoViagemXServiceSignatureVersion",
    "CancelCiotAgregadoXServiceSignatureVersion",
    "CancelCiotOperationXServiceSignatureVersion",
    "CancelInvoiceXServiceSignatureVersion",
    "CarrierRef",
    "ChangeFreightStatusXServiceSignatureVersion",
    "CiotActionDone",
    "CiotActionError",
    "CiotActionPending",
    "CiotActionPendingPendencia",
    "CiotActionPendingStatus",
    "CiotAgregadoBloqueio",
    "CiotAgregadoCancel",
    "CiotAgregadoCancelMovement",
    "CiotAgregadoClose",
    "CiotAgregadoCreate",
    "CiotAgregadoDebitoCreate",
    "CiotAgregadoDebitoCreateTipo",
    "CiotAgregadoDebitoOut",
    "CiotAgregadoDebitoOutStatus",
    "CiotAgregadoDebitoOutTipo",
    "CiotAgregadoDebitoResponse",
    "CiotAgregadoExistingError",
    "CiotAgregadoList",
    "CiotAgregadoOut",
    "CiotAgregadoOutContratadoCategoria",
    "CiotAgregadoOutEnvironment",
    "CiotAgregadoOutStatus",
    "CiotAgregadoPagamento",
    "CiotAgregadoPagamentoOut",
    "CiotAgregadoPagamentoTipoChavePixType0",
    "CiotAgregadoPagamentoTipoPagamentoType0",
    "CiotAgregadoPagamentoTitularParentescoType0",
    "CiotAgregadoPendencia",
    "CiotAgregadoPendenciaTipo",
    "CiotAgregadoRecord",
    "CiotAgregadoResponse",
    "CiotAgregadoRetificar",
    "CiotAgregadoRota",
    "CiotAgregadoRotaDistancia",
    "CiotAgregadoRotaDistanciaMetodoType0",
    "CiotAgregadoSaldo",
    "CiotAgregadoVeiculo",
    "CiotAgregadoVeiculoOut",
    "CiotAgregadoVeiculoOutEixosOrigemType0",
    "CiotAgregadoVeiculoOutTipoVeiculo",
    "CiotAgregadoVeiculoTipoVeiculoType0",
    "CiotAgregadoViagemCreate",
    "CiotAgregadoViagemOut",
    "CiotAgregadoViagemOutStatus",
    "CiotAgregadoViagemResponse",
    "CiotBankData",
    "CiotCancelBody",
    "CiotCancellation",
    "CiotCloseBody",
    "CiotClosing",
    "CiotContratante",
    "CiotContratanteOut",
    "CiotContratanteOutPapelType0",
    "CiotContratantePapelType0",
    "CiotCreated",
    "CiotCreatedStatus",
    "CiotCreateResult",
    "CiotCreationEmission",
    "CiotDerivedField",
    "CiotDocument",
    "CiotDocumentKind",
    "CiotDocumentOut",
    "CiotDocumentOutKind",
    "CiotEmissionData",
    "CiotEmissionDataEnvironment",
    "CiotEmissionDataStatus",
    "CiotEmitPending",
    "CiotEmitPendingStatus",
    "CiotEmitted",
    "CiotEventOut",
    "CiotEventOutData",
    "CiotFiscalFile",
    "CiotFromDocumentCreate",
    "CiotFromDocumentCreateEnvironmentType0",
    "CiotFromDocumentCreateTipoOperacaoType0",
    "CiotFromDocumentResult",
    "CiotImported",
    "CiotImportedStatus",
    "CiotImportResult",
    "CiotLocation",
    "CiotLocationTipo",
    "CiotModality",
    "CiotModalityContratadoTipoType0",
    "CiotModalitySource",
    "CiotOperation",
    "CiotOperationComposicaoContratadaType0",
    "CiotOperationContratadoTipoType0",
    "CiotOperationCreate",
    "CiotOperationCreateComposicaoContratadaType0",
    "CiotOperationCreateContratadoTipoType0",
    "CiotOperationCreateEnvironmentType0",
    "CiotOperationCreateIndicadorPagamentoType0",
    "CiotOperationCreateTipoChavePixType0",
    "CiotOperationCreateTipoOperacao",
    "CiotOperationCreateTipoPagamentoType0",
    "CiotOperationCreateTitularParentescoType0",
    "CiotOperationDistanciaOrigemType0",
    "CiotOperationEnvironment",
    "CiotOperationIndicadorPagamentoType0",
    "CiotOperationList",
    "CiotOperationMode",
    "CiotOperationPendenciaType0",
    "CiotOperationResponse",
    "CiotOperationStatus",
    "CiotOperationSummary",
    "CiotOperationSummaryEnvironment",
    "CiotOperationSummaryMode",
    "CiotOperationSummaryStatus",
    "CiotOperationSummaryTipoOperacao",
    "CiotOperationTipoChavePixType0",
    "CiotOperationTipoOperacao",
    "CiotOperationTipoPagamentoType0",
    "CiotOperationTitularParentescoType0",
    "CiotOperationUpdate",
    "CiotOperationUpdateComposicaoContratadaType0",
    "CiotOperationUpdateContratadoTipoType0",
    "CiotOperationUpdateIndicadorPagamentoType0",
    "CiotOperationUpdateTipoChavePixType0",
    "CiotOperationUpdateTipoOperacaoType0",
    "CiotOperationUpdateTipoPagamentoType0",
    "CiotOperationUpdateTitularParentescoType0",
    "CiotPayment",
    "CiotPaymentIndicadorPagamento",
    "CiotPaymentKind",
    "CiotPaymentOut",
    "CiotPaymentOutIndicadorPagamento",
    "CiotPaymentOutKind",
    "CiotPaymentOutTipoChavePixType0",
    "CiotPaymentOutTipoPagamento",
    "CiotPaymentOutTitularParentescoType0",
    "CiotPaymentTipoChavePixType0",
    "CiotPaymentTipoPagamento",
    "CiotPaymentTitularParentescoType0",
    "CiotPdfJob",
    "CiotPdfJobResponse",
    "CiotPlace",
    "CiotPlaceTipo",
    "CiotRectifyBody",
    "CiotStoredValidation",
    "CiotUnknownContratado",
    "CiotValidated",
    "CiotValidation",
    "CiotValidationItem",
    "CiotValidationItemSeverity",
    "CiotValidationSummary",
    "CiotVehicle",
    "CiotVehicleOut",
    "CiotVehicleOutVehicleKind",
    "CiotVehicleVehicleKind",
    "CloseCiotAgregadoXServiceSignatureVersion",
    "CloseCiotOperationXServiceSignatureVersion",
    "ConflictError",
    "ConflictErrorObject",
    "CounterOfferXServiceSignatureVersion",
    "CountNewLeadsStatus",
    "CountNewLeadsXServiceSignatureVersion",
    "CreateCiotAgregadoXServiceSignatureVersion",
    "CreateCiotFromDocumentXServiceSignatureVersion",
    "CreateCiotOperationXServiceSignatureVersion",
    "CreateCiotPdfJobXServiceSignatureVersion",
    "CreateDocumentXServiceSignatureVersion",
    "CreateDriverXServiceSignatureVersion",
    "CreateFreightXServiceSignatureVersion",
    "CreateInvoiceXServiceSignatureVersion",
    "CreateMessageXServiceSignatureVersion",
    "CreateMethodologyXServiceSignatureVersion",
    "CreateOfferXServiceSignatureVersion",
    "CreatePartnerXServiceSignatureVersion",
    "CreatePayablesXServiceSignatureVersion",
    "CreateSimulationXServiceSignatureVersion",
    "CreateVehicleXServiceSignatureVersion",
    "CreateWebhookEndpointXServiceSignatureVersion",
    "DeleteCiotOperationXServiceSignatureVersion",
    "DeleteDriverXServiceSignatureVersion",
    "DeleteVehicleXServiceSignatureVersion",
    "DisableWebhookEndpointXServiceSignatureVersion",
    "DiscardDocumentXServiceSignatureVersion",
    "DocumentCreate",
    "DocumentCreateKind",
    "DocumentCreateMetadataType0",
    "DownloadCiotAgregadoPdfXServiceSignatureVersion",
    "DownloadCiotOperationPdfXServiceSignatureVersion",
    "DownloadCiotOperationsZipEnvironmentType0",
    "DownloadCiotOperationsZipXServiceSignatureVersion",
    "DownloadCiotPdfJobZipXServiceSignatureVersion",
    "Driver",
    "DriverBulk",
    "DriverBulkResponse",
    "DriverBulkResult",
    "DriverCnhCategoryType0",
    "DriverConflict",
    "DriverCreate",
    "DriverCreateCnhCategoryType0",
    "DriverCreateStatus",
    "DriverItemError",
    "DriverList",
    "DriverRef",
    "DriverResponse",
    "DriverStatus",
    "DriverUpdate",
    "DriverUpdateCnhCategoryType0",
    "DriverUpdateStatus",
    "EmitCiotOperationXServiceSignatureVersion",
    "EmitInvoiceXServiceSignatureVersion",
    "EnableWebhookEndpointXServiceSignatureVersion",
    "EnumOption",
    "ErrorDetail",
    "ErrorObject",
    "FleetVehicle",
    "FleetVehicleStatus",
    "Freight",
    "FreightAnttTableType0",
    "FreightCreate",
    "FreightCreateAnttTableType0",
    "FreightCreateVisibilityType0",
    "FreightDetail",
    "FreightDetailAnttTableType0",
    "FreightDetailResponse",
    "FreightDetailStatus",
    "FreightDetailVisibility",
    "FreightList",
    "FreightResponse",
    "FreightStatus",
    "FreightStatusChange",
    "FreightStatusChangedData",
    "FreightStatusChangeStatus",
    "FreightUpdate",
    "FreightUpdateAnttTableType0",
    "FreightUpdateVisibilityType0",
    "FreightVisibility",
    "GetCiotAgregadoXServiceSignatureVersion",
    "GetCiotOperationXServiceSignatureVersion",
    "GetCiotPdfJobXServiceSignatureVersion",
    "GetDocumentXServiceSignatureVersion",
    "GetDriverXServiceSignatureVersion",
    "GetFreightXServiceSignatureVersion",
    "GetInvoiceXServiceSignatureVersion",
    "GetMessageXServiceSignatureVersion",
    "GetMethodologyXServiceSignatureVersion",
    "GetMeXServiceSignatureVersion",
    "GetPartnerXServiceSignatureVersion",
    "GetVehicleXServiceSignatureVersion",
    "GetWebhookDeliveryXServiceSignatureVersion",
    "GetWebhookEndpointXServiceSignatureVersion",
    "Invoice",
    "InvoiceCreate",
    "InvoiceList",
    "InvoiceListItem",
    "InvoiceListItemStatus",
    "InvoicePdfFileXServiceSignatureVersion",
    "InvoiceResponse",
    "InvoiceStatus",
    "LeadCreate",
    "LeadStatusChange",
    "LeadStatusChangeStatus",
    "ListCiotAgregadosXServiceSignatureVersion",
    "ListCiotOperationsTipoOperacaoType0",
    "ListCiotOperationsXServiceSignatureVersion",
    "ListCompanyLeadsStatusType0",
    "ListCompanyLeadsXServiceSignatureVersion",
    "ListDocumentsStatusType0",
    "ListDocumentsXServiceSignatureVersion",
    "ListDriversStatusType0",
    "ListDriversXServiceSignatureVersion",
    "ListFreightsVisibilityType0",
    "ListFreightsXServiceSignatureVersion",
    "ListInvoicesStatusType0",
    "ListInvoicesXServiceSignatureVersion",
    "ListMessagesStatusType0",
    "ListMessagesXServiceSignatureVersion",
    "ListMethodologiesXServiceSignatureVersion",
    "ListOffersXServiceSignatureVersion",
    "ListPartnersRoleType0",
    "ListPartnersXServiceSignatureVersion",
    "ListPayablesStatusType0",
    "ListPayablesXServiceSignatureVersion",
    "ListReceivablesStatusType0",
    "ListReceivablesXServiceSignatureVersion",
    "ListVehiclesStatusType0",
    "ListVehiclesXServiceSignatureVersion",
    "ListWebhookDeliveriesEventTypeType0",
    "ListWebhookDeliveriesStatusType0",
    "ListWebhookDeliveriesXServiceSignatureVersion",
    "ListWebhookEndpointsXServiceSignatureVersion",
    "Location",
    "MarketplaceFreight",
    "MarketplaceFreightList",
    "MarketplaceFreightResponse",
    "MarketplaceLead",
    "MarketplaceLeadCount",
    "MarketplaceLeadCountResponse",
    "MarketplaceLeadCountStatus",
    "MarketplaceLeadCreatedData",
    "MarketplaceLeadList",
    "MarketplaceLeadOk",
    "MarketplaceLeadResponse",
    "MarketplaceLeadStatus",
    "Me",
    "MeCompany",
    "MeCompanyCiotEnvironment",
    "MeKey",
    "MeKeyScopesItem",
    "MeResponse",
    "Message",
    "MessageChannel",
    "MessageCreate",
    "MessageCreateChannel",
    "MessageCreateVariables",
    "MessageList",
    "MessageResponse",
    "MessageStatus",
    "Methodology",
    "MethodologyComponent",
    "MethodologyComponentOut",
    "MethodologyDefinition",
    "MethodologyDefinitionTaxMode",
    "MethodologyInput",
    "MethodologyInputOption",
    "MethodologyInputOut",
    "MethodologyInputOutType",
    "MethodologyInputType",
    "MethodologyList",
    "MethodologyResponse",
    "MethodologyTaxMode",
    "Offer",
    "OfferAcceptedData",
    "OfferCounter",
    "OfferCounterOut",
    "OfferCreate",
    "OfferFloorOut",
    "OfferList",
    "OfferReject",
    "OfferResponse",
    "OfferSource",
    "OfferStatus",
    "PageInfo",
    "Partner",
    "PartnerCreate",
    "PartnerCreatePersonKind",
    "PartnerCreateRntrcCategoriaType0",
    "PartnerCreateRolesItem",
    "PartnerDetail",
    "PartnerDetailPersonKind",
    "PartnerDetailResponse",
    "PartnerDetailRntrcCategoriaType0",
    "PartnerDetailRolesItem",
    "PartnerList",
    "PartnerPersonKind",
    "PartnerResponse",
    "PartnerRntrcCategoriaType0",
    "PartnerRolesItem",
    "PartnerUpdate",
    "PartnerUpdatePersonKind",
    "PartnerUpdateRntrcCategoriaType0",
    "PartnerUpdateRolesItem",
    "Payable",
    "PayableCreate",
    "PayableIds",
    "PayableList",
    "PayableResponse",
    "PayableStatus",
    "PaymentCreate",
    "PdfJobCreate",
    "PdfJobCreateEnvironmentType0",
    "PdfJobCreateStatusType0Item",
    "Place",
    "ReceiptCreate",
    "Receivable",
    "ReceivableList",
    "ReceivableResponse",
    "ReceivableStatus",
    "RecordPayablePaymentXServiceSignatureVersion",
    "RecordReceivablePaymentXServiceSignatureVersion",
    "RectifyCiotAgregadoXServiceSignatureVersion",
    "RectifyCiotOperationXServiceSignatureVersion",
    "RedeliverWebhookXServiceSignatureVersion",
    "RejectOfferXServiceSignatureVersion",
    "RotateWebhookSecretXServiceSignatureVersion",
    "SaveMethodologyVersionXServiceSignatureVersion",
    "SendWebhookTestXServiceSignatureVersion",
    "ServerError",
    "ServerErrorObject",
    "Simulation",
    "SimulationConvertedData",
    "SimulationCreate",
    "SimulationCreatedData",
    "SimulationCreatedDataInputs",
    "SimulationCreateInputs",
    "SimulationCte",
    "SimulationFloor",
    "SimulationResponse",
    "StatusChange",
    "StatusChangeFromType0",
    "StatusChangeTo",
    "TacWithholdingLine",
    "TacWithholdingLineKind",
    "TacWithholdings",
    "TaxContextIn",
    "TaxLineOut",
    "TaxLineOutKind",
    "TaxLineOutMode",
    "UpdateCiotOperationXServiceSignatureVersion",
    "UpdateDriverXServiceSignatureVersion",
    "UpdateFreightXServiceSignatureVersion",
    "UpdateLeadStatusXServiceSignatureVersion",
    "UpdatePartnerXServiceSignatureVersion",
    "UpdateVehicleXServiceSignatureVersion",
    "UpdateWebhookEndpointXServiceSignatureVersion",
    "ValidateCiotOperationXServiceSignatureVersion",
    "VehicleCreate",
    "VehicleCreateStatus",
    "VehicleList",
    "VehicleRef",
    "VehicleResponse",
    "VehicleUpdate",
    "VehicleUpdateStatus",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookDeliveryDetail",
    "WebhookDeliveryDetailResponse",
    "WebhookDeliveryList",
    "WebhookDeliveryResponse",
    "WebhookEndpoint",
    "WebhookEndpointCreate",
    "WebhookEndpointCreateEventTypesType0Item",
    "WebhookEndpointList",
    "WebhookEndpointResponse",
    "WebhookEndpointUpdate",
    "WebhookEndpointUpdateEventTypesType0Item",
    "WebhookEndpointWithSecret",
    "WebhookEndpointWithSecretResponse",
    "WebhookEventFreightStatusChanged",
    "WebhookEventMarketplaceLeadCreated",
    "WebhookEventOfferAccepted",
    "WebhookEventSimulationConverted",
    "WebhookEventSimulationCreated",
    "WebhookEventWebhookTest",
    "WebhookTestData",
)
