import { type AccountStatement, STATEMENT_MODEL_VERSION } from './account-statement';
import { STATEMENT_CONTENT_SCHEMA } from './account-statement.schema';
import { WIRE_PATHS, consistencyIssues } from './statement-consistency.rules';
import { WireFormatError } from './statement-schema';

/**
 * Reads the statement of the connector protocol (apps/extranet-sandbox/README.md) into the model;
 * throws `WireFormatError` naming the first faulty field. Every value read is `confirmed` (or not
 * communicated when null), with no source document: a connector read it from the extranet.
 * The rules across fields are those the stored statement's reader applies: an answer they refuse would
 * be stored, then never read again (no pre-statement), so it is refused here as malformed.
 */
export function parseWireStatement(body: unknown): AccountStatement {
  const statement = readWireStatement(body);
  const [issue] = consistencyIssues(statement, WIRE_PATHS);
  if (issue) throw new WireFormatError(issue.field, issue.expected);
  return statement;
}

/**
 * The protocol's shape alone: statements stored in it before the model carried a status per field are
 * read as they were stored, as they always rendered (stored-statement.reader.ts).
 */
export function readWireStatement(body: unknown): AccountStatement {
  const content = STATEMENT_CONTENT_SCHEMA.readWire(withFirstVersionKeys(body), 'statement');
  return { version: STATEMENT_MODEL_VERSION, filedBy: 'connector', ...content };
}

/**
 * The protocol's first version named three values elsewhere (`coOwnership.syndicName`,
 * `syndicateUnpaidCharges`, `supplierDebt` at the top); extranets that still send them are read as if
 * they had sent the current keys.
 */
function withFirstVersionKeys(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const statement = body as Record<string, unknown>;
  const coOwnership = statement.coOwnership as Record<string, unknown> | undefined;
  const moved: Record<string, unknown> = { ...statement };
  if (!('syndic' in statement) && typeof coOwnership === 'object' && coOwnership !== null) {
    moved.syndic = { name: coOwnership.syndicName };
  }
  if (!('syndicate' in statement)) {
    moved.syndicate = {
      unpaidCharges: statement.syndicateUnpaidCharges,
      supplierDebt: statement.supplierDebt,
    };
  }
  return moved;
}
