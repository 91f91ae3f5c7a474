"""Public API: the company's webhook endpoints and their deliveries (docs/api/webhooks.md). Every operation needs
the key's `webhooks` scope besides `read` (GET) or `write` (POST/PATCH)."""
from core.api import endpoint, tag
from core.pagination import paginate
from core.responses import ErrorCode
from domain.webhooks import (
    payloads,  # noqa: F401  registers the events of the document's `webhooks` section
    queries,
    services,
)
from domain.webhooks.models import WebhookDelivery
from domain.webhooks.models import WebhookEndpoint as Endpoint
from domain.webhooks.schemas import (
    WebhookDeliveryListQuery,
    WebhookEndpointCreate,
    WebhookEndpointListQuery,
    WebhookEndpointUpdate,
)
from domain.webhooks.serializers import (
    WebhookDeliveryDetailResponse,
    WebhookDeliveryList,
    WebhookDeliveryResponse,
    WebhookEndpointList,
    WebhookEndpointResponse,
    WebhookEndpointSecretResponse,
    delivery_detail_dict,
    delivery_dict,
    endpoint_dict,
)

TAGS = (tag("webhooks", "Endpoints de webhook da empresa (criar, listar, alterar, trocar o segredo, desativar) e "
                        "as entregas (com as tentativas), reenviar e enviar um evento de teste. Exige o escopo "
                        "`webhooks` na chave, além de `read`/`write`."),)
SCOPE = "webhooks"
UNSAFE_URL = ErrorCode(400, "invalid_body", "Campo inválido: url. Endereço privado ou de loopback não é aceito.",
                       details=(("url", "unsafe_url", "Endereço privado ou de loopback não é aceito."),))
DISABLED = ErrorCode(409, "webhook_disabled", "Ative o webhook antes de enviar um evento de teste.")


@endpoint("/webhooks/endpoints", "GET", query=WebhookEndpointListQuery, tags=TAGS, response=WebhookEndpointList,
          extra_scope=SCOPE, operation_id="listWebhookEndpoints", summary="Endpoints de webhook, mais novos primeiro.")
def list_webhook_endpoints(ctx):
    q = ctx.query
    return paginate(queries.endpoints_stmt(), model=Endpoint, limit=q.limit, cursor=q.cursor).envelope(endpoint_dict)


@endpoint("/webhooks/endpoints", "POST", body=WebhookEndpointCreate, tags=TAGS, response=WebhookEndpointSecretResponse,
          errors=(UNSAFE_URL,), extra_scope=SCOPE, operation_id="createWebhookEndpoint",
          summary="Cria um endpoint; a resposta traz o segredo de assinatura (mostrado só agora).")
def create_webhook_endpoint(ctx):
    created, secret = services.create_endpoint(ctx.company, url=ctx.body.url, event_types=ctx.body.event_types)
    return {"data": endpoint_dict(created, secret)}


@endpoint("/webhooks/endpoints/<endpoint_id>", "GET", tags=TAGS, response=WebhookEndpointResponse, extra_scope=SCOPE,
          operation_id="getWebhookEndpoint", summary="Um endpoint de webhook.")
def get_webhook_endpoint(ctx, endpoint_id):
    return {"data": endpoint_dict(queries.get_endpoint(endpoint_id))}


@endpoint("/webhooks/endpoints/<endpoint_id>", "PATCH", body=WebhookEndpointUpdate, tags=TAGS,
          response=WebhookEndpointResponse, errors=(UNSAFE_URL,), extra_scope=SCOPE,
          operation_id="updateWebhookEndpoint", summary="Altera a URL e/ou os eventos assinados.")
def update_webhook_endpoint(ctx, endpoint_id):
    found = queries.get_endpoint(endpoint_id, for_update=True)
    sent = ctx.raw
    services.update_endpoint(found, url=ctx.body.url if "url" in sent else found.url,
                             event_types=ctx.body.event_types if "event_types" in sent else found.event_types)
    return {"data": endpoint_dict(found)}


@endpoint("/webhooks/endpoints/<endpoint_id>/rotate", "POST", tags=TAGS, response=WebhookEndpointSecretResponse,
          success=200, extra_scope=SCOPE, operation_id="rotateWebhookSecret",
          summary="Troca o segredo; o anterior continua assinando por 24 h (as entregas levam as duas assinaturas).")
def rotate_webhook_secret(ctx, endpoint_id):
    found = queries.get_endpoint(endpoint_id, for_update=True)
    secret = services.rotate_secret(found)
    return {"data": endpoint_dict(found, secret)}


@endpoint("/webhooks/endpoints/<endpoint_id>/disable", "POST", tags=TAGS, response=WebhookEndpointResponse,
          success=200, extra_scope=SCOPE, operation_id="disableWebhookEndpoint",
          summary="Desativa o endpoint: nada é enviado até ser reativado.")
def disable_webhook_endpoint(ctx, endpoint_id):
    found = queries.get_endpoint(endpoint_id, for_update=True)
    services.set_enabled(found, False, reason="Desativado pela API.")
    return {"data": endpoint_dict(found)}


@endpoint("/webhooks/endpoints/<endpoint_id>/enable", "POST", tags=TAGS, response=WebhookEndpointResponse,
          success=200, extra_scope=SCOPE, operation_id="enableWebhookEndpoint",
          summary="Reativa o endpoint; o que ele ainda deve é enviado agora.")
def enable_webhook_endpoint(ctx, endpoint_id):
    found = queries.get_endpoint(endpoint_id, for_update=True)
    services.set_enabled(found, True)
    return {"data": endpoint_dict(found)}


@endpoint("/webhooks/endpoints/<endpoint_id>/test", "POST", tags=TAGS, response=WebhookDeliveryResponse, success=202,
          errors=(DISABLED,), extra_scope=SCOPE, operation_id="sendWebhookTest",
          summary="Envia um evento webhook.test a este endpoint (202: a entrega segue depois da resposta).")
def send_webhook_test(ctx, endpoint_id):
    delivery = services.create_test_delivery(queries.get_endpoint(endpoint_id))
    return {"data": delivery_dict(delivery)}


@endpoint("/webhooks/deliveries", "GET", query=WebhookDeliveryListQuery, tags=TAGS, response=WebhookDeliveryList,
          extra_scope=SCOPE, operation_id="listWebhookDeliveries",
          summary="Entregas, mais novas primeiro; filtros endpoint_id, status e event_type.")
def list_webhook_deliveries(ctx):
    q = ctx.query
    stmt = queries.deliveries_stmt(endpoint_id=q.endpoint_id, status=q.status, event_type=q.event_type)
    return paginate(stmt, model=WebhookDelivery, limit=q.limit, cursor=q.cursor).envelope(delivery_dict)


@endpoint("/webhooks/deliveries/<delivery_id>", "GET", tags=TAGS, response=WebhookDeliveryDetailResponse,
          extra_scope=SCOPE, operation_id="getWebhookDelivery", summary="Uma entrega com todas as tentativas.")
def get_webhook_delivery(ctx, delivery_id):
    delivery = queries.get_delivery(delivery_id)
    return {"data": delivery_detail_dict(delivery, queries.attempts_of(delivery))}


@endpoint("/webhooks/deliveries/<delivery_id>/redeliver", "POST", tags=TAGS, response=WebhookDeliveryResponse,
          success=202, extra_scope=SCOPE, operation_id="redeliverWebhook",
          summary="Reenvia a entrega (também as entregues ou que falharam), com um novo ciclo de tentativas.")
def redeliver_webhook(ctx, delivery_id):
    delivery = queries.get_delivery(delivery_id, for_update=True)
    services.resend(delivery)
    return {"data": delivery_dict(delivery)}
