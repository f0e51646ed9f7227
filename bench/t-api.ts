import { createBuildContext } from '../src/build/context.ts';
import { methodEnvelope } from '../src/core/endpoints.ts';
import { renderXml } from '../src/core/render-xml.ts';
import { renderJson } from '../src/core/render-json.ts';
const ctx = createBuildContext(process.cwd(), { ...process.env, SOURCE_DATE_EPOCH: '1700000000' });
for (let k = 0; k < 4; k++) {
  for (const m of ctx.published) {
    const doc = methodEnvelope(m, ctx.timestamp);
    let t = performance.now(); renderXml(doc); const x = performance.now() - t;
    t = performance.now(); renderJson(doc); const j = performance.now() - t;
    console.log(m.entry.methodId, doc.data.length, `xml ${x.toFixed(1)} json ${j.toFixed(2)}`);
  }
}
