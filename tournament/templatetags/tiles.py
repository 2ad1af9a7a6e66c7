"""``{% tiles_version %}``: one word that changes whenever any tile image changes (the picker's cache key).

The tile palette (templates/components/tile_picker.html) is rendered once per language and deploy and
cached; its key must follow every tile's hashed static name, not one tile's, or a deploy that redraws
one tile would serve the old image's address from the cache.
"""

import hashlib
from functools import lru_cache

from django import template
from django.conf import settings
from django.templatetags.static import static

register = template.Library()


@lru_cache(maxsize=1)
def _version() -> str:
    folder = settings.BASE_DIR / "static" / "tiles"
    names = sorted(p.name for p in folder.glob("*.svg"))
    urls = "\n".join(static(f"tiles/{name}") for name in names)  # hashed names in production
    return hashlib.sha256(urls.encode()).hexdigest()[:16]


@register.simple_tag
def tiles_version() -> str:
    return _version()
