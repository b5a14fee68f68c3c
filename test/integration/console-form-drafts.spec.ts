import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { FORM_DRAFT_LIFETIME_MS, FormDraftRepository } from '@libs/operators/form-draft.repository';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { buildOperatorServices } from '../support/operator-services';

/** Forms kept across a session's end (console login), on the real PostgreSQL. */
describe('FormDraftRepository', () => {
  let dataSource: DataSource;
  let now: Date;
  let drafts: FormDraftRepository;
  const newOperator = async () =>
    (
      await buildOperatorServices(dataSource).administration.create({
        email: `brouillon-${randomUUID().slice(0, 8)}@prestataire.fr`,
        role: 'operator',
      })
    ).id;
  // Parsed, so that `__proto__` is a field like the others, as the form reader makes it.
  const draft = {
    orderid: 'K7Q2ZP',
    path: '/console/orders/K7Q2ZP/statement',
    fields: JSON.parse(
      '{"coOwnership.name.value": "Résidence « Les Tilleuls »", "lots[]": ["12", "13"], "__proto__": "x"}',
    ) as Record<string, string | string[]>,
  };

  beforeAll(async () => {
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
  });
  afterAll(() => dataSource.destroy());
  beforeEach(() => {
    now = new Date();
    drafts = new FormDraftRepository(dataSource, () => now);
  });

  it('gives a kept form back once, to its operator, on its order only', async () => {
    const [owner, other] = [await newOperator(), await newOperator()];
    const fields = Object.assign(Object.create(null) as Record<string, string | string[]>, draft.fields);
    const id = await drafts.keep(owner, { ...draft, fields });

    expect(await drafts.orderOf(id, other)).toBeNull();
    expect(await drafts.take(id, other, 'K7Q2ZP')).toBeNull();
    expect(await drafts.take(id, owner, 'AAAAAA')).toBeNull();
    expect(await drafts.orderOf(id, owner)).toBe('K7Q2ZP');
    const taken = await drafts.take(id, owner, 'K7Q2ZP');
    expect(taken).toEqual({ orderid: 'K7Q2ZP', path: draft.path, fields: { ...fields } });
    expect(Object.keys(taken!.fields)).toContain('__proto__');
    expect(await drafts.take(id, owner, 'K7Q2ZP')).toBeNull();
    expect(await drafts.orderOf(id, owner)).toBeNull();
  });

  it('forgets a form after its lifetime, and purges it when another is kept', async () => {
    const operator = await newOperator();
    const old = await drafts.keep(operator, draft);
    now = new Date(now.getTime() + FORM_DRAFT_LIFETIME_MS);
    expect(await drafts.orderOf(old, operator)).toBeNull();
    expect(await drafts.take(old, operator, 'K7Q2ZP')).toBeNull();
    await drafts.keep(operator, draft);
    expect(await dataSource.query(`SELECT 1 FROM console_form_drafts WHERE id = $1`, [old])).toEqual([]);
  });
});
