"""Pages of the API's lists: DRF's page numbers, with ``page`` read as the schema states it.

DRF takes ``?page=`` (empty) and ``?page=2&page=3`` as a page; the schema says one integer, so
anything else is the same 404 as a page that does not exist (issue 13: schemathesis).
"""

from __future__ import annotations

from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination


class Pages(PageNumberPagination):
    def get_page_number(self, request, paginator):
        values = request.query_params.getlist(self.page_query_param)
        if len(values) > 1 or (values and not values[0].strip()):
            raise NotFound(self.invalid_page_message.format(page_number=",".join(values), message=""))
        return super().get_page_number(request, paginator)
