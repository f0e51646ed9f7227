/** The most characters of a body "Try it" shows; the rest is one click away (the file's own link). */
const BODY_SHOWN = 20_000;

/** Copies a text to the clipboard; false when the browser refuses (no permission, an insecure origin). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Shows each sample's copy button and copies the sample's code when it is pressed, saying so beside it. */
function attachCopyButtons(): void {
  for (const sample of document.querySelectorAll<HTMLElement>('[data-sample]')) {
    const button = sample.querySelector<HTMLButtonElement>('button[data-copy]');
    const code = sample.querySelector('pre code');
    const said = sample.querySelector<HTMLElement>('[data-copied]');
    if (!button || !code || !said) continue;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const copied = await copyText(code.textContent ?? '');
      said.textContent = copied ? 'Copied' : 'Select the text to copy it';
      setTimeout(() => (said.textContent = ''), 3000);
    });
  }
}

/** An element with a text. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.textContent = text;
  return e;
}

/** The answer "Try it" shows: the status line, every header, and the body (its start when long). */
async function showAnswer(output: HTMLElement, response: Response): Promise<void> {
  const body = await response.text();
  const headers = element('dl');
  headers.className = 'facts';
  for (const [name, value] of response.headers) headers.append(element('dt', name), element('dd', value));
  const pre = element('pre');
  pre.tabIndex = 0;
  pre.append(element('code', body.length > BODY_SHOWN ? `${body.slice(0, BODY_SHOWN)}\n…` : body));
  const status = element('p', `HTTP ${response.status} ${response.statusText}`.trim());
  status.dataset.tryStatus = String(response.status);
  output.replaceChildren(status, element('h3', 'Headers'), headers, element('h3', 'Body'), pre);
}

/** Shows "Try it", which fetches the method's file from this site and shows the answer. */
function attachTryIt(): void {
  const section = document.querySelector<HTMLElement>('[data-try-it]');
  const button = section?.querySelector<HTMLButtonElement>('button[data-try]');
  const output = section?.querySelector<HTMLElement>('[data-try-output]');
  if (!section || !button || !output) return;
  section.hidden = false;
  button.addEventListener('click', async () => {
    button.disabled = true;
    output.replaceChildren(element('p', 'Fetching…'));
    try {
      await showAnswer(output, await fetch(section.dataset.tryIt!));
    } catch (error) {
      output.replaceChildren(element('p', `The request failed: ${(error as Error).message}`));
    } finally {
      button.disabled = false;
    }
  });
}

/** A method page's script: copy buttons on the samples, and "Try it". Without it, the samples are plain text. */
export function attachMethodPage(): void {
  attachCopyButtons();
  attachTryIt();
}
