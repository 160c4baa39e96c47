//===- html_renderer.cpp - The roofline as a self-contained web page ------===//
#include "energy/roofline/html_renderer.h"

#include "energy/report/units.h"
#include "energy/roofline/describe.h"
#include "xml/XmlText.h"

#include <nlohmann/json.hpp>

namespace energy::roofline {
namespace {

constexpr const char *Style = R"(
body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 16px; color: #222; }
#controls { margin: 8px 0; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
#controls label { white-space: nowrap; }
#tooltip { position: fixed; display: none; background: #fff; border: 1px solid #888;
           padding: 6px 8px; font-size: 12px; box-shadow: 2px 2px 6px rgba(0,0,0,.25);
           pointer-events: none; max-width: 460px; }
#tooltip b { display: block; margin-bottom: 2px; }
table { border-collapse: collapse; font-size: 12px; margin-top: 12px; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.region-row:hover { background: #f0f4ff; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; }
circle.region.highlight { stroke-width: 3; }
)";

// Hover details, filtering and the table are built from the embedded JSON so
// that the page works offline and from file://.
constexpr const char *Script = R"(
(function () {
  const data = JSON.parse(document.getElementById('roofline-data').textContent);
  const byId = new Map(data.regions.map(r => [String(r.id), r]));
  const tip = document.getElementById('tooltip');
  const fmt = v => (v === null || v === undefined) ? '-' :
      (Math.abs(v) >= 10 || v === 0) ? v.toFixed(0) : v.toPrecision(2);
  const circles = Array.from(document.querySelectorAll('circle.region'));
  const tbody = document.querySelector('#regions tbody');
  for (const r of data.regions) {
    const tr = document.createElement('tr');
    tr.className = 'region-row';
    tr.dataset.id = r.id;
    tr.dataset.level = r.level;
    const cells = [r.name, fmt(r.intensity), fmt(r.gflops), r.bound + ' (' + r.roof + ')',
                   fmt(r.percent) + '%', fmt(r.self_s), fmt(r.energy_j), fmt(r.wall)];
    cells.forEach((text, i) => {
      const td = document.createElement('td');
      if (i === 0) {
        const dot = document.createElement('span');
        dot.className = 'swatch';
        dot.style.background = r.colour;
        td.appendChild(dot);
      }
      td.appendChild(document.createTextNode(text));
      tr.appendChild(td);
    });
    tr.addEventListener('mouseenter', () => highlight(r.id, true));
    tr.addEventListener('mouseleave', () => highlight(r.id, false));
    tbody.appendChild(tr);
  }
  function highlight(id, on) {
    for (const c of circles) if (c.dataset.id === String(id)) c.classList.toggle('highlight', on);
  }
  function showTip(event, r) {
    tip.replaceChildren();
    const title = document.createElement('b');
    title.textContent = r.name;
    tip.appendChild(title);
    const lines = [r.sentence, 'file: ' + r.file + ':' + r.line + ' (' + r.kind + ')',
                   'self time: ' + fmt(r.self_s) + ' s, calls: ' + r.calls,
                   'modelled energy: ' + fmt(r.energy_j) + ' J',
                   'FLOPs: ' + r.flops + ', bytes: ' + r.bytes];
    for (const line of lines) {
      const div = document.createElement('div');
      div.textContent = line;
      tip.appendChild(div);
    }
    tip.style.display = 'block';
    tip.style.left = (event.clientX + 14) + 'px';
    tip.style.top = (event.clientY + 14) + 'px';
  }
  for (const c of circles) {
    const r = byId.get(c.dataset.id);
    c.addEventListener('mousemove', e => showTip(e, r));
    c.addEventListener('mouseleave', () => { tip.style.display = 'none'; });
  }
  const filter = document.getElementById('filter');
  const toggles = Array.from(document.querySelectorAll('input.level-toggle'));
  function apply() {
    const text = filter.value.toLowerCase();
    const levels = new Set(toggles.filter(t => t.checked).map(t => t.value));
    let shown = 0;
    const visible = new Set();
    for (const r of data.regions) {
      if (r.name.toLowerCase().includes(text) && levels.has(r.level)) {
        visible.add(String(r.id));
        ++shown;
      }
    }
    for (const el of document.querySelectorAll('[data-id]'))
      el.style.display = visible.has(el.dataset.id) ? '' : 'none';
    document.getElementById('shown').textContent = shown + ' of ' + data.regions.length + ' regions shown';
    document.body.dataset.shown = shown;
  }
  filter.addEventListener('input', apply);
  toggles.forEach(t => t.addEventListener('change', apply));
  apply();
  document.body.dataset.ready = '1';
})();
)";

nlohmann::json levelsJson(const RegionPoint &Point) {
  nlohmann::json Levels = nlohmann::json::array();
  for (const auto &Level : Point.LevelPoints)
    Levels.push_back(
        {{"level", Level.Level}, {"event", Level.Event}, {"intensity", Level.Intensity}});
  return Levels;
}

nlohmann::json regionsJson(const RooflineAnalysis &Analysis) {
  nlohmann::json Regions = nlohmann::json::array();
  for (const auto &Point : Analysis.Points) {
    const ReportRegion &R = Point.Region;
    Regions.push_back(
        {{"id", R.Id},
         {"name", R.Demangled},
         {"file", R.File},
         {"line", R.Line},
         {"kind", R.Kind},
         {"calls", R.Calls},
         {"intensity", Point.Intensity},
         {"gflops", Point.Gflops},
         {"level", Point.colourKey()},
         {"colour", colourOf(Point.colourKey())},
         {"bound", Point.BoundBy == Bound::Compute ? "compute-bound" : "memory-bound"},
         {"roof", Point.BindingRoof},
         {"percent", Point.PercentOfAttainable},
         {"self_s", R.SelfSeconds},
         {"energy_j", R.ModelledJoules ? nlohmann::json(*R.ModelledJoules) : nlohmann::json()},
         {"wall", Point.WallIntensity ? nlohmann::json(*Point.WallIntensity) : nlohmann::json()},
         {"footprint_bytes",
          R.FootprintBytes ? nlohmann::json(*R.FootprintBytes) : nlohmann::json()},
         {"levels", levelsJson(Point)},
         {"flops", R.Counts.Flops},
         {"bytes", R.Counts.BytesLoaded + R.Counts.BytesStored},
         {"sentence", describeRegion(Point)}});
  }
  return Regions;
}

// JSON inside <script> must not contain "</": escape it as "<\/", still valid JSON.
std::string scriptSafe(std::string Json) {
  for (std::size_t At = Json.find("</"); At != std::string::npos; At = Json.find("</", At + 3))
    Json.replace(At, 2, "<\\/");
  return Json;
}

std::string levelToggles(const RooflineAnalysis &Analysis) {
  std::string Html;
  std::vector<std::string> Keys;
  for (const auto &Level : Analysis.Model.Bandwidth)
    Keys.push_back(Level.Level);
  Keys.push_back("compute");
  for (const auto &Key : Keys)
    Html += "<label><input type=\"checkbox\" class=\"level-toggle\" value=\"" + Key +
            "\" checked><span class=\"swatch\" style=\"background:" + colourOf(Key) + "\"></span>" +
            (Key == "compute" ? "compute-bound" : Key + "-bound") + "</label>\n";
  return Html;
}

} // namespace

std::string renderHtml(const RooflineAnalysis &Analysis, const SvgOptions &Options) {
  nlohmann::json Data = {{"program", Analysis.Program},
                         {"threads", Analysis.Model.Threads},
                         {"regions", regionsJson(Analysis)}};
  std::string Title =
      "Roofline: " + (Analysis.Program.empty() ? std::string("report") : Analysis.Program);
  std::string Html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
      xml::escape(Title) + "</title>\n<style>" + Style + "</style>\n</head>\n<body>\n";
  Html += "<div id=\"controls\"><label>Filter regions: <input id=\"filter\" type=\"search\" "
          "placeholder=\"name contains...\"></label>\n" +
          levelToggles(Analysis) + "<span id=\"shown\"></span></div>\n";
  Html += renderSvg(Analysis, Options);
  Html += "<div id=\"tooltip\"></div>\n";
  Html += "<table id=\"regions\"><thead><tr><th>region</th><th>FLOP/B</th><th>GFLOP/s</th>"
          "<th>bound (roof)</th><th>of attainable</th><th>self s</th><th>energy J</th>"
          "<th>wall FLOP/B</th></tr></thead><tbody></tbody></table>\n";
  if (!Analysis.Skipped.empty()) {
    Html += "<p>Not on the roofline:</p><ul id=\"skipped\">\n";
    for (const auto &Skipped : Analysis.Skipped)
      Html += "<li>" + xml::escape(Skipped.Region.Demangled) + ": " + xml::escape(Skipped.Reason) +
              "</li>\n";
    Html += "</ul>\n";
  }
  Html += "<script type=\"application/json\" id=\"roofline-data\">" + scriptSafe(Data.dump()) +
          "</script>\n<script>" + Script + "</script>\n</body>\n</html>\n";
  return Html;
}

} // namespace energy::roofline
