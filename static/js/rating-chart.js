// A player's rating on his page (issue 35): a line chart of the rating after
// each rated session, from the JSON the page embeds (#rating-data).
// Without JavaScript (or Chart.js) the rating is shown as a number above it.
(function () {
  "use strict";
  function draw() {
    var data = document.getElementById("rating-data");
    var canvas = document.getElementById("rating-chart");
    if (!data || !canvas || typeof window.Chart === "undefined") return;
    var chart = JSON.parse(data.textContent);
    // green for a rating at or above a newcomer's 0, red below
    var line = chart.up ? "#1b7f3b" : "#b3261e";
    var fill = chart.up ? "rgba(27, 127, 59, 0.12)" : "rgba(179, 38, 30, 0.12)";
    canvas.parentElement.hidden = false;
    new window.Chart(canvas, {
      type: "line",
      data: {
        labels: chart.labels,
        datasets: [{
          label: chart.label,
          data: chart.running,
          borderColor: line,
          backgroundColor: fill,
          fill: false,
          tension: 0.2,
          pointRadius: 3,
        }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { y: { grid: { color: function (c) { return c.tick && c.tick.value === 0 ? "#555" : "#e5e5e5"; } } } },
      },
    });
    canvas.dataset.ready = "true";
    canvas.dataset.colour = line;
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
