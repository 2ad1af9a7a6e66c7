// The "notify me on this phone" button (issue 34): subscribes this browser to web push with the site's
// public VAPID key and sends the subscription to the page's own address (tournament/views/notifications).
"use strict";
(function () {
  const box = document.getElementById("push");
  if (!box) return;
  const button = box.querySelector("[data-push-subscribe]");
  const status = box.querySelector("[data-push-status]");
  const say = (key) => {
    status.textContent = box.dataset[key] || "";
  };
  const keyBytes = (base64) => {
    const padded = (base64 + "=".repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  };
  const csrf = () => {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      return "";
    }
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say("unsupported");
    button.disabled = true;
    return;
  }
  button.addEventListener("click", async () => {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return say("denied");
      const registration = await navigator.serviceWorker.register(box.dataset.worker, { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.key),
      });
      const response = await fetch(box.dataset.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(subscription.toJSON()),
      });
      say(response.ok ? "done" : "failed");
    } catch (e) {
      say("failed");
    }
  });
})();
