"""The ANTT minimum freight floor (piso mínimo de frete): acts and coefficients as data, the calculator, the check."""
