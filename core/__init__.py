"""Infrastructure shared by every business area. Imports no area."""
