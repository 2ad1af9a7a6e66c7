"""Who may do what, and the record of who did: roles, accounts, the audit log, a request's metadata.

- ``roles``: the three roles and who may change what; ``accounts``: invitations and accounts an organiser
  manages (one door per change); ``audit``: the audit log's one writer; ``request_meta``: who is asking
  (the client's address behind trusted proxies, its browser); ``models``: invitations, audit entries.
"""
