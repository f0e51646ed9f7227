/** The name of the head's `<meta>` whose content is the table's BrowseFileSpec as JSON (TableHead.astro). */
export const SPEC_META = 'browse-table';

/**
 * The page global where the head script leaves its request, `[file, fetch(file)]`: the page's module takes that
 * response instead of asking again (src/scripts/data-browse-rows.ts).
 */
export const FIRST_FETCH_GLOBAL = 'browseFirst';

/**
 * The table page's head script, inline (its CSP hash comes with the shell's): it asks for the address's first file
 * (browse-first-file.ts, firstViewFile) as the head is read, half a second before the page's module runs on a phone.
 * It repeats firstViewFile by hand, small and without imports; test/unit/data-browse-first-file.test.ts runs it
 * against firstViewFile over many addresses. Any failure leaves the module to ask itself.
 */
export const FIRST_FETCH_SCRIPT = `try{(()=>{
const t=JSON.parse(document.querySelector('meta[name="${SPEC_META}"]').content),p=new URLSearchParams(location.search),
c=t.columns,f=t.facets,s=t.rows.replace(/\\.browse\\.json$/,''),sh=f[0],
n=(v)=>/^[A-Za-z0-9_-]+$/.test(v)?'v-'+v:'x-'+[...new TextEncoder().encode(v)]
.map((b)=>b.toString(16).padStart(2,'0')).join(''),
q=[...p].filter(([k,v])=>(c.includes(k)||f.includes(k))&&v!==''),d=p.get('_sort_desc'),
o=[d,p.get('_sort')].find((x)=>x!==null&&c.includes(x)),g=Number.parseInt(p.get('_page')??'1',10),
one=t.chunks>1&&(p.get('_search')??'').trim()===''&&!(Number.isSafeInteger(g)&&g>1)&&q.length<2,
v=q.find(([k])=>k===sh);
let u=location.search===''?s+'.facets.json':undefined;
if(!u&&one&&!q.length&&o)u=s+'.sort/'+n(o)+'.'+(o===d?'desc':'asc')+'.json';
if(!u&&one&&q.length&&f.indexOf(q[0][0])>0&&!o)u=s+'.'+q[0][0]+'/'+n(q[0][1])+'.json';
const w=q.find(([k])=>f.indexOf(k)>0);
if(!u&&t.chunks>1&&!v&&w)u=s+'.'+w[0]+'/'+n(w[1])+'.json';
u??=sh!==undefined&&v?s+'.'+sh+'/'+n(v[1])+'.json':s+'.rows/0.json';
const r=fetch(u);r.catch(()=>{});self.${FIRST_FETCH_GLOBAL}=[u,r];
})()}catch{}`;
