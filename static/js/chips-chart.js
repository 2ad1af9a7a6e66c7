// The charts of a player's page, from the JSON the page embeds:
// - the chip progression (#chips-data): the running total of chips after each session, filled;
// - the rating (#rating-data, issue 35): the rating after each rated session, a line.
// Without JavaScript (or Chart.js) the sessions table and the rating's number say the same.
(function () {
  "use strict";
  var CHARTS = [
    { data: "chips-data", canvas: "chips-chart", fill: true },
    { data: "rating-data", canvas: "rating-chart", fill: false },
  ];
  function drawAll() {
    CHARTS.forEach(draw);
  }
  function draw(which) {
    var data = document.getElementById(which.data);
    var canvas = document.getElementById(which.canvas);
    if (!data || !canvas || typeof window.Chart === "undefined") return;
    var chart = JSON.parse(data.textContent);
    // green when the player is up (or even; a rating at or above a newcomer's 0), red when down
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
          fill: which.fill,
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
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawAll);
  else drawAll();
})();
