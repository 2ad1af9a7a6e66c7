// Every page's small behaviours, here rather than inline (the Content-Security-Policy allows no inline script).
"use strict";

// A <select data-autosubmit> sends its form when changed (the language menu); without JavaScript a button does.
document.addEventListener("change", (event) => {
  const select = event.target.closest && event.target.closest("select[data-autosubmit]");
  if (select && select.form) select.form.submit();
});
