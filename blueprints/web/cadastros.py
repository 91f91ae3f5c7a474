"""Pages: partners, vehicles and drivers (filled by its issue)."""
from flask import Blueprint

bp = Blueprint("cadastros", __name__)
