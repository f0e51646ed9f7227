/** A request a developer can copy: its language, as a heading names it, and its code. */
export interface RequestSample {
  language: 'curl' | 'javascript' | 'python';
  label: string;
  code: string;
}

/** A text as a POSIX shell reads it literally: in single quotes, each of its own quotes closed and escaped. */
function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A text as a JavaScript or Python string literal (JSON's double-quoted string is valid in both). */
function literal(text: string): string {
  return JSON.stringify(text);
}

/**
 * The same request in curl, JavaScript (fetch, in a module or the browser's console) and Python (urllib, the
 * standard library): each prints the envelope's status and what `data` holds, the number of records of a list.
 */
export function requestSamples(url: string, shape: 'array' | 'object'): RequestSample[] {
  const jsData = shape === 'array' ? "data.length, 'records'" : 'data';
  const pyData = shape === 'array' ? "len(body['data']), 'records'" : "body['data']";
  return [
    { language: 'curl', label: 'curl', code: `curl ${shellQuoted(url)}` },
    {
      language: 'javascript',
      label: 'JavaScript (fetch)',
      code: [
        `const response = await fetch(${literal(url)});`,
        'const { meta, data } = await response.json();',
        `console.log(meta.status, ${jsData});`,
      ].join('\n'),
    },
    {
      language: 'python',
      label: 'Python (urllib)',
      code: [
        'import json',
        'import urllib.request',
        '',
        `with urllib.request.urlopen(${literal(url)}) as response:`,
        '    body = json.load(response)',
        `print(body['meta']['status'], ${pyData})`,
      ].join('\n'),
    },
  ];
}
