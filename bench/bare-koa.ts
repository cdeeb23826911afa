// The baseline for figure 1: a bare Koa app in its own process answering one constant JSON body
// (the same 20 journals the API answers, so both serialise the same bytes). `PORT`, `BENCH_BODY`.
import Koa from 'koa';

const body: unknown = JSON.parse(process.env.BENCH_BODY ?? '{"ok":true}');
const app = new Koa();
app.use((ctx) => {
  ctx.body = body;
});
app.listen(Number(process.env.PORT), '127.0.0.1');
