"""The simulations area's business actions (the API, the pages and the CLI call these)."""
from domain.simulations.methodologies import (
    compiled,
    create_methodology,
    find_current_version,
    find_methodology,
    find_version,
    install_templates,
    sample_inputs,
    save_version,
)
from domain.simulations.simulations import (
    find_simulation,
    freight_prefill,
    link_to_freight,
    preview,
    price,
    save,
    simulate,
    update_tax_settings,
)

__all__ = [
    "compiled",
    "create_methodology",
    "find_current_version",
    "find_methodology",
    "find_simulation",
    "find_version",
    "freight_prefill",
    "install_templates",
    "link_to_freight",
    "preview",
    "price",
    "sample_inputs",
    "save",
    "save_version",
    "simulate",
    "update_tax_settings",
]
