// The yardstick of `npm run bench -- --with-hugo`: a Hugo site made from the same CSV files, doing
// a comparable but smaller job than our build (a page per session, a list per term and per month,
// a home page and a JSON list of every session; no per-method API, schemas or feeds). Its
// Markdown is written here, before the timed runs, and not counted.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { infosessionRecord } from '../src/core/records/infosession-record.ts';
import { fieldNames } from '../src/core/records/record-spec.ts';
import { isoDate, parseClockTime, parseSessionDate } from '../src/core/records/session-time.ts';

// Hugo leaves out a page dated after the moment it runs unless told to build the future: the synthetic
// sessions run to 2099, so without buildFuture its share of the job shrank with the clock (at 100,000
// sessions it built about a quarter of the session pages in November 2026). Drafts and expiry are not used.
const CONFIG = `baseURL = "http://localhost:3000/"
title = "Information sessions"
buildFuture = true
disableKinds = ["RSS", "sitemap", "robotsTXT"]
[taxonomies]
term = "terms"
month = "months"
[outputs]
home = ["HTML", "JSON"]
`;

const LAYOUTS: Record<string, string> = {
  '_default/baseof.html': `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title></head>
<body><header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a>
· <a href="{{ "/terms/" | relURL }}">Terms</a>
· <a href="{{ "/months/" | relURL }}">Months</a></header>
<main>{{ block "main" . }}{{ end }}</main></body></html>
`,
  '_default/single.html': `{{ define "main" }}<h1>{{ .Title }}</h1>
<dl><dt>Date</dt><dd>{{ .Date.Format "Monday, January 2, 2006 3:04 PM" }}</dd>
<dt>Location</dt><dd>{{ .Params.location }}</dd>
<dt>Audience</dt><dd>{{ .Params.audience }}</dd><dt>Programs</dt><dd>{{ .Params.programs }}</dd>
{{ with .Params.website }}<dt>Website</dt><dd><a href="{{ . }}">{{ . }}</a></dd>{{ end }}</dl>
{{ .Content }}
<p>{{ range .GetTerms "terms" }}<a href="{{ .RelPermalink }}">Term {{ .LinkTitle }}</a> {{ end }}
{{- range .GetTerms "months" }}<a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a>{{ end }}</p>{{ end }}
`,
  '_default/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1>
<ul>{{ range .Pages.ByDate }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Date.Format "Jan 2, 2006" }}</li>
{{- end }}</ul>{{ end }}
`,
  'index.html': `{{ define "main" }}<h1>{{ .Site.Title }}</h1>
<h2>Terms</h2><ul>{{ range .Site.Taxonomies.terms }}
<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>
{{- end }}</ul>
<h2>Months</h2><ul>{{ range .Site.Taxonomies.months }}
<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>
{{- end }}</ul>{{ end }}
`,
  'index.json': `{{- $list := slice -}}
{{- range .Site.RegularPages -}}
{{- $list = $list | append (dict "id" .File.BaseFileName "employer" .Title "date" .Params.day
  "location" .Params.location "audience" .Params.audience "programs" .Params.programs) -}}
{{- end -}}
{{- jsonify $list -}}
`,
};

/** The session pages a Hugo build of the site wrote into `dest`: writeHugoSite's count when Hugo did its whole job. */
export function hugoSessionPages(dest: string): number {
  const sessions = path.join(dest, 'sessions');
  if (!existsSync(sessions)) return 0; // none built
  return readdirSync(sessions, { withFileTypes: true }).filter(
    (e) => e.isDirectory() && existsSync(path.join(sessions, e.name, 'index.html')),
  ).length;
}

/**
 * Writes the Hugo site of a data folder's sessions into `siteDir` (replacing it): config, layouts and one Markdown file
 * per session.
 */
export function writeHugoSite(dataDir: string, siteDir: string): number {
  rmSync(siteDir, { recursive: true, force: true });
  const fields = fieldNames(infosessionRecord);
  const col = (name: string) => fields.indexOf(name);
  const content = path.join(siteDir, 'content/sessions');
  mkdirSync(content, { recursive: true });
  writeFileSync(path.join(siteDir, 'config.toml'), CONFIG); // config.toml: every Hugo reads it (hugo.toml, 0.110 on)
  for (const [name, text] of Object.entries(LAYOUTS)) {
    mkdirSync(path.dirname(path.join(siteDir, 'layouts', name)), { recursive: true });
    writeFileSync(path.join(siteDir, 'layouts', name), text);
  }
  let count = 0;
  const sessionsDir = path.join(dataDir, 'infosessions');
  for (const name of readdirSync(sessionsDir)
    .filter((f) => /^\d{4}(?:infosessions)?\.csv$/.test(f))
    .sort()) {
    const term = name.slice(0, 4);
    const rows = Papa.parse<string[]>(readFileSync(path.join(sessionsDir, name), 'utf8'), {
      skipEmptyLines: true,
    }).data.slice(1);
    for (const row of rows) {
      const date = parseSessionDate(row[col('date')]!);
      if (!date.ok) continue;
      const start = parseClockTime(row[col('start_time')]!);
      const minutes = start.ok ? start.value : 0;
      const day = isoDate(date.value);
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
      const front = {
        title: row[col('employer')],
        date: `${day}T${time}`,
        day,
        terms: [term],
        months: [day.slice(0, 7)],
        location: row[col('location')],
        audience: row[col('audience')],
        programs: row[col('programs')],
        website: row[col('website')] || undefined,
      };
      writeFileSync(
        path.join(content, `${row[col('id')]}.md`),
        `${JSON.stringify(front, null, 1)}\n\n${row[col('description')] ?? ''}\n`,
      );
      count += 1;
    }
  }
  return count;
}
