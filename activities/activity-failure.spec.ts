import { ApplicationFailure } from '@temporalio/common';
import {
  COLLECTION_BLOCKED_FAILURE,
  CREDENTIALS_REFUSED_FAILURE,
  ORDER_NOT_FOUND_FAILURE,
} from '@libs/orders/order-workflow.contract';
import {
  ExtranetCredentialsRefusedError,
  ExtranetDestinationRefusedError,
  ExtranetNoConnectorError,
  ExtranetUnavailableError,
} from '@libs/extranet/extranet-errors';
import {
  OrderCredentialsMissingError,
  OrderNotFoundForProcessingError,
} from '@libs/orders/collection/order-processing.errors';
import { NotificationContentMissingError } from '@libs/notifications/delivery/notification-payload.builder';
import { OrderNotVisibleYetError } from '@libs/orders/confirmation-email/order-confirmation-mail.service';
import { WireFormatError } from '@libs/statement/statement-schema';
import { StoredStatementUnreadableError } from '@libs/statement/stored-statement.reader';
import { withFailureClassification } from './activity-failure';

const failureOf = (error: unknown) =>
  withFailureClassification(() => Promise.reject(error)).catch((thrown: unknown) => thrown);

describe('activity failures: retryable or not, decided in one place', () => {
  it.each([
    [
      'an order that does not exist',
      new OrderNotFoundForProcessingError('Order K7Q2ZP does not exist'),
      ORDER_NOT_FOUND_FAILURE,
    ],
    ['refused credentials', new ExtranetCredentialsRefusedError(), CREDENTIALS_REFUSED_FAILURE],
    ['a statement that does not read', new WireFormatError('statement.lots', 'an array'), 'WireFormatError'],
    [
      'a stored statement that no longer reads',
      new StoredStatementUnreadableError('Stored statement of unknown version 9'),
      'StoredStatementUnreadableError',
    ],
  ])('makes %s a non-retryable failure of its own type', async (_label, error, type) => {
    const failure = await failureOf(error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type, nonRetryable: true, message: (error as Error).message });
  });

  it.each([
    ['no connector', new ExtranetNoConnectorError(), 'no_connector'],
    [
      'a refused destination',
      new ExtranetDestinationRefusedError('extranet address 127.0.0.1 is not allowed (loopback)'),
      'destination_refused',
    ],
    [
      'missing syndic credentials',
      new OrderCredentialsMissingError('Order K7Q2ZP has no syndic credentials'),
      'no_credentials',
    ],
  ])('blocks the collection for good on %s, with the reason for the order', async (_label, error, reason) => {
    const failure = await failureOf(error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({
      type: COLLECTION_BLOCKED_FAILURE,
      nonRetryable: true,
      details: [{ reason, detail: error.message }],
    });
  });

  it.each([
    ['an extranet that is down', new ExtranetUnavailableError('The extranet answered 503')],
    [
      'a database error',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['anything unforeseen', new TypeError('x is undefined')],
  ])('lets %s be retried with backoff, as it is', async (_label, error) => {
    await expect(failureOf(error)).resolves.toBe(error);
  });

  it('makes any other error of the family that cannot get better a non-retryable failure of its own type', async () => {
    const failure = await failureOf(new NotificationContentMissingError('done without its pre-statement'));
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'NotificationContentMissingError', nonRetryable: true });
  });

  it('lets an error of the family that says so be retried, as it is', async () => {
    const notYet = new OrderNotVisibleYetError('Order K7Q2ZP is not visible yet');
    await expect(failureOf(notYet)).resolves.toBe(notYet);
  });

  it('returns what the work returns', async () => {
    await expect(withFailureClassification(async () => 42)).resolves.toBe(42);
  });
});
