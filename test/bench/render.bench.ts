import { renderPreStatementPdf } from '@libs/pre-statement/pre-statement.renderer';
import { buildPreStatementInput } from '../support/pre-statement-input.factory';

/** `node dist/test/bench/render.bench.js [N]`: ms per pre-statement, after a warm-up. */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100);
  const inputs = Array.from({ length: count }, (_, i) =>
    buildPreStatementInput({ orderid: `R${String(i).padStart(5, '0')}`, externalId: `ext-${i}` }),
  );
  for (let i = 0; i < 10; i++) await renderPreStatementPdf(inputs[i % count]!);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const input of inputs) await renderPreStatementPdf(input);
  const wall = (performance.now() - started) / count;
  const used = process.cpuUsage(cpu);
  console.log(
    `render: ${wall.toFixed(1)} ms wall, ${((used.user + used.system) / 1000 / count).toFixed(1)} ms CPU per document`,
  );
}

void main();
