app_name = "public"

urlpatterns: list = []
