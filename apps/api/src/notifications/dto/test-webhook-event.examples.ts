import { type DocumentedExample } from '../../openapi/endpoint.decorator';
import { EXAMPLE_ORDER_ID } from '../../openapi/example-values';

export const TEST_EVENT_EXAMPLES: Record<string, DocumentedExample> = {
  done: {
    summary: 'Simuler la notification « done » (avec un PDF spécimen)',
    value: { orderid: EXAMPLE_ORDER_ID, event: 'done' },
  },
  unknownEvent: {
    summary: 'Refusé (400) : statut inconnu',
    value: { orderid: EXAMPLE_ORDER_ID, event: 'shipped' },
    'x-expected-status': 400,
  },
};
