import { buildAccountStatement } from '@test/support/pre-statement-input.factory';
import { validateStatement } from './statement.validator';

// The tests damage the JSON anywhere in its depth, as a client could.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The statement as the operator form will send it: plain JSON. */
function asJson(overrides: (json: Json) => void = () => undefined): Json {
  const json = JSON.parse(JSON.stringify(buildAccountStatement())) as Json;
  overrides(json);
  return json;
}

function messagesOf(json: unknown): string[] {
  const validation = validateStatement(json);
  if (validation.valid) throw new Error('expected the statement to be refused');
  return validation.issues.map((issue) => issue.message);
}

describe('validateStatement', () => {
  it('accepts a whole statement and gives back the model', () => {
    const validation = validateStatement(asJson());
    expect(validation).toEqual({ valid: true, statement: buildAccountStatement() });
  });

  it('keeps a source document on a field filed by a person, and drops unknown keys', () => {
    const validation = validateStatement(
      asJson((json) => {
        json.filedBy = 'operator';
        json.sellerOwes.budgetProvisionsDue = { status: 'confirmed', value: 1200, source: 42 };
        json.unexpected = 'x';
        json.coOwnership.name.note = 'x';
      }),
    );
    expect(validation.valid).toBe(true);
    if (!validation.valid) return;
    expect(validation.statement.sellerOwes.budgetProvisionsDue).toEqual({
      status: 'confirmed',
      value: 1200,
      source: 42,
    });
    expect(validation.statement).not.toHaveProperty('unexpected');
    expect(validation.statement.coOwnership.name).not.toHaveProperty('note');
  });

  it('refuses a text PostgreSQL could not store: a NUL, or half of a surrogate pair', () => {
    for (const name of ['Les Pins\u0000', 'Les Pins \ud83c', '\udc00Les Pins']) {
      expect(
        messagesOf(
          asJson((json) => {
            json.coOwnership.name = { status: 'confirmed', value: name, source: null };
          }),
        ),
      ).toEqual([expect.stringMatching(/^Le champ 'coOwnership\.name\.value' doit être un texte/)]);
    }
    // A whole emoji is a text like any other.
    expect(
      validateStatement(
        asJson((json) => {
          json.coOwnership.name = { status: 'confirmed', value: 'Les Pins 🌲', source: null };
        }),
      ).valid,
    ).toBe(true);
  });

  it('reports every problem in French, naming the field', () => {
    const messages = messagesOf(
      asJson((json) => {
        json.sellerOwes.budgetProvisionsDue = { status: 'confirmed', value: -5, source: null };
        json.sellerOwes.otherSumsDue = { status: 'unknown', value: 1 };
        json.syndicateOwes.advances = { status: 'not_communicated', value: 12, source: null };
        json.coOwnership.registrationNumber = { status: 'confirmed', value: '', source: 'PV' };
        json.statementDate = '2025-02-30';
        delete json.worksFund.lotShare;
        json.lots[1].number = ' 012 ';
        json.coOwnership.currentFiscalYear.value = { start: '2025-12-31', end: '2025-01-01' };
        json.building.worksPlan.value.state = 'voted';
      }),
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        "Le champ 'sellerOwes.budgetProvisionsDue.value' doit être un montant positif ou nul en centimes (entier)",
        "Le champ 'sellerOwes.otherSumsDue.status' doit valoir 'confirmed' ou 'not_communicated'",
        "Le champ 'syndicateOwes.advances.value' doit être null quand la valeur n'a pas été communiquée ('not_communicated')",
        "Le champ 'coOwnership.registrationNumber.source' doit être l'identifiant (entier positif) du document lu, ou null",
        "Le champ 'coOwnership.registrationNumber.value' doit être un texte non vide de 1000 caractères au plus, sans caractère nul",
        "Le champ 'statementDate' doit être une date valide au format AAAA-MM-JJ",
        "Le champ 'worksFund.lotShare' est obligatoire",
        "Le champ 'building.worksPlan.value.state' doit valoir 'adopted', 'project', 'none'",
      ]),
    );
    expect(messages).toHaveLength(8);
  });

  it('refuses the NUL character, which PostgreSQL cannot store, in every text', () => {
    const messages = messagesOf(
      asJson((json) => {
        json.coOwnership.name.value = 'Résidence\u0000';
        json.lots[0].owners[0].lastname = 'Du\u0000pont';
      }),
    );
    expect(messages).toEqual([
      "Le champ 'coOwnership.name.value' doit être un texte non vide de 1000 caractères au plus, sans caractère nul",
      "Le champ 'lots[0].owners[0].lastname' doit être une chaîne de 200 caractères au plus, sans caractère nul",
    ]);
  });

  it('checks rules across fields once the shape is right', () => {
    const messages = messagesOf(
      asJson((json) => {
        json.lots[1].number = ' 012 ';
        json.lots[0].number = '012';
        json.coOwnership.currentFiscalYear.value = { start: '2025-12-31', end: '2025-01-01' };
        json.callsForFunds.value.reverse();
      }),
    );
    expect(messages).toEqual([
      "Le champ 'coOwnership.currentFiscalYear.value' : le début de l'exercice doit précéder sa fin",
      "Le champ 'lots[1].number' : le lot  012  figure deux fois",
      "Le champ 'callsForFunds.value[1].dueDate' : les appels de fonds doivent être classés par date d'échéance",
      "Le champ 'callsForFunds.value[2].dueDate' : les appels de fonds doivent être classés par date d'échéance",
      "Le champ 'callsForFunds.value[3].dueDate' : les appels de fonds doivent être classés par date d'échéance",
    ]);
  });

  it('refuses an amount beyond 10^12 cents, in French, so that no sum of amounts loses a cent', () => {
    // Two lines of 5·10^15 cents summed exceed 2^53: the document could not print their total.
    const messages = messagesOf(
      asJson((json) => {
        json.sellerOwes.budgetProvisionsDue.value = 5_000_000_000_000_000;
        json.sellerOwes.horsBudgetProvisionsDue.value = 5_000_000_000_000_000;
        json.sellerBalance.value = -1_000_000_000_001;
      }),
    );
    expect(messages).toEqual([
      "Le champ 'sellerBalance.value' doit être un montant de 1000000000000 centimes au plus en valeur absolue",
      "Le champ 'sellerOwes.budgetProvisionsDue.value' doit être un montant de 1000000000000 centimes au plus en valeur absolue",
      "Le champ 'sellerOwes.horsBudgetProvisionsDue.value' doit être un montant de 1000000000000 centimes au plus en valeur absolue",
    ]);
    const atTheBound = validateStatement(
      asJson((json) => {
        json.sellerOwes.budgetProvisionsDue.value = 1_000_000_000_000;
        json.sellerBalance.value = -1_000_000_000_000;
      }),
    );
    expect(atTheBound.valid).toBe(true);
  });

  it('refuses what is not a statement of this model', () => {
    expect(messagesOf([])).toEqual(['Le relevé doit être un objet JSON']);
    expect(messagesOf(asJson((json) => (json.version = 1)))).toContain("Le champ 'version' doit valoir 2");
    expect(messagesOf(asJson((json) => delete json.filedBy))).toContain("Le champ 'filedBy' est obligatoire");
  });
});
