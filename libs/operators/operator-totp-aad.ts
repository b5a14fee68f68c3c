/**
 * Associated data of an operator's sealed TOTP secret: bound to the operator, so a sealed secret copied
 * onto another operator's row does not open. Key rotation computes the same in SQL
 * (libs/security/key-rotation/sealed-secret.repository.ts).
 */
export function operatorTotpAad(operatorId: string): string {
  return `operator-totp:${operatorId}`;
}
