"""Geography shared by the areas: road distances between municipalities (domain.geo.distance)."""
