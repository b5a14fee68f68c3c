import { buildAccountStatement } from '@test/support/pre-statement-input.factory';
import { validateFiledStatement } from './statement-filing.rules';
import { validateStatement } from './statement.validator';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The statement as the operator form will send it, contradicting itself as `overrides` make it. */
function asJson(overrides: (json: Json) => void): Json {
  const json = JSON.parse(JSON.stringify(buildAccountStatement())) as Json;
  overrides(json);
  return json;
}

/** Refused as filed; the same statement still reads as stored or collected. */
function messagesOf(json: Json): string[] {
  expect(validateStatement(json).valid).toBe(true);
  const validation = validateFiledStatement(json);
  if (validation.valid) throw new Error('expected the statement to be refused');
  return validation.issues.map((issue) => issue.message);
}

describe('validateFiledStatement', () => {
  it('accepts the whole statement of the fixtures', () => {
    expect(validateFiledStatement(asJson(() => undefined)).valid).toBe(true);
  });

  it('refuses figures of a works fund the statement says does not exist, naming each', () => {
    const messages = messagesOf(
      asJson((json) => {
        json.worksFund.exists = { status: 'confirmed', value: false, source: null };
        json.worksFund.lastContribution = { status: 'not_communicated', value: null, source: null };
        json.worksFund.lastContributionDate = { status: 'not_communicated', value: null, source: null };
        json.lots[1].worksFundShare = { status: 'not_communicated', value: null, source: null };
      }),
    );
    expect(messages).toEqual([
      "Le champ 'worksFund.lotShare.value' doit rester vide : le relevé indique que le syndicat n'a pas de fonds de travaux",
      "Le champ 'lots[0].worksFundShare.value' doit rester vide : le relevé indique que le syndicat n'a pas de fonds de travaux",
    ]);
  });

  it('refuses lot shares beyond the building’s, and a works plan dated when there is none', () => {
    const beyond = messagesOf(
      asJson((json) => {
        json.coOwnership.totalShares.value = 100;
        json.lots[0].shares.value = 500;
        json.building.worksPlan.value = { state: 'none', date: '2024-01-01' };
      }),
    );
    expect(beyond).toEqual([
      "Le champ 'lots[0].shares.value' : les tantièmes du lot dépassent ceux de l'immeuble (100)",
      "Le champ 'building.worksPlan.value.date' doit rester vide : aucun plan pluriannuel de travaux n'est indiqué",
    ]);
    const together = messagesOf(
      asJson((json) => {
        json.coOwnership.totalShares.value = 100;
        json.lots[0].shares.value = 60;
        json.lots[1].shares.value = 60;
      }),
    );
    expect(together).toEqual([
      "Le champ 'coOwnership.totalShares.value' : les tantièmes des lots du vendeur (120 au total) dépassent ceux de l'immeuble",
    ]);
  });
});
