"""Who receives a freight payment: PIX keys, bank data and the account holder (domain.payee.checks), shared by the
CIOT operations, the aggregate contracts and any area that pays a carrier."""
