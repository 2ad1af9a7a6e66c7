"""Dates and times as each language writes them (``FORMAT_MODULE_PATH``; issue 14).

Templates ask for ``date:"DATE_FORMAT"``, ``date:"DATETIME_FORMAT"`` or ``time:"TIME_FORMAT"``
and get "11 Nov 2026, 19:30" in English and "2026年11月11日 19:30" in Chinese, never a
pattern fixed in one language ("11 十一月 2026").
"""
