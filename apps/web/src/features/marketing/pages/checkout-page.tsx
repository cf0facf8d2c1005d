import { type CreateOrderRequest, type Money, type OrderDetail, type OrderPaymentMethod } from '@hostpilot/shared';
import { LogIn, UserPlus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ResendVerification } from '@/components/resend-verification';
import { OrderPaymentFields, orderPaymentRequest } from '@/components/order-payment-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { FullPageSpinner } from '@/components/ui/spinner';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { cartStore, useCart } from '@/lib/cart-store';
import { formatMinorMoney } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { createIdempotencyKeys } from '@/lib/idempotency-key';
import { useSession } from '@/lib/session';
import { useDemoMode } from '@/lib/use-demo-mode';
import { payOrder, placeOrder, useCheckoutBalance } from '../api/checkout';
import { toOrderLines } from '../api/orders';
import { useQuote } from '../api/use-quote';
import { CartSummary, EmptyCart } from '../components/cart/cart-summary';
import { lineName } from '../components/cart/cart-line-text';
import { useCartFromAddress } from '../lib/use-cart-address';
import { usePlanFormat } from '../lib/use-plan-format';

/** Where the order's page is; the dashboard's own paths are not ours to import (docs/architecture.md). */
const orderPath = (id: string) => `/dashboard/orders/${encodeURIComponent(id)}`;
/** The sign-in and registration pages send the visitor back here (app/guards/redirect-target.ts). */
const BACK_HERE = { from: { pathname: '/checkout', search: '', hash: '' } };

/**
 * /checkout (docs/product/ordering.md): a visitor signs in or registers and comes back with the cart as it was;
 * a customer reviews the server's prices, chooses how to pay (as in Add funds, docs/decisions/028-dashboard-money-flows.md)
 * and places the order, which is then paid in a second step. A cart that changed meanwhile (another tab, a new
 * price) is refused by the server (CART_CHANGED): the page shows the new total and asks again.
 */
export function CheckoutPage() {
  const { t } = useTranslation('ordering');
  const { status } = useSession();
  const { lines } = useCartFromAddress();
  const { state: quote, retry } = useQuote(lines);
  const [placed, setPlaced] = useState(false);

  let body;
  if (status === 'checking') body = <FullPageSpinner label={t('checkout.checkingSession')} />;
  else if (lines.length === 0 && !placed) body = <EmptyCart />;
  else
    body = (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <CartSummary lines={lines} quote={quote} onRetry={retry} />
        {status === 'authenticated' ? (
          <PaymentPanel quote={quote} onPlaced={() => setPlaced(true)} onRequote={retry} />
        ) : (
          <SignInPanel />
        )}
      </div>
    );

  return (
    <Container className="max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('checkout.title')}</h1>
      <div className="mt-8">{body}</div>
    </Container>
  );
}

function SignInPanel() {
  const { t } = useTranslation('ordering');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-(--radius-card) border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('checkout.signInTitle')}
      </h2>
      <p className="mt-2 text-slate-600">{t('checkout.signInText')}</p>
      <div className="mt-5 grid gap-2">
        <ButtonLink to="/register" state={BACK_HERE} fullWidth>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('checkout.register')}
        </ButtonLink>
        <ButtonLink to="/login" state={BACK_HERE} variant="secondary" fullWidth>
          <LogIn aria-hidden="true" className="size-4" />
          {t('checkout.signIn')}
        </ButtonLink>
      </div>
    </section>
  );
}

type Quote = ReturnType<typeof useQuote>['state'];

/** What the last attempt to place or pay answered, in words for the customer. */
type Problem = { key: string; values?: Record<string, string> } | null;

function PaymentPanel({ quote, onPlaced, onRequote }: { quote: Quote; onPlaced: () => void; onRequote: () => void }) {
  const { t } = useTranslation('ordering');
  const { t: tc } = useTranslation();
  const { language } = usePlanFormat();
  const money = (value: Money) => formatMinorMoney(value.amountMinor, value.currency, language);
  const navigate = useNavigate();
  const demo = useDemoMode();
  const headingId = useId();
  const formId = useId();
  const { lines } = useCart();
  const [chosen, setMethod] = useState<OrderPaymentMethod | null>(null);
  const [cardNumber, setCardNumber] = useState('');
  const [cardError, setCardError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const balance = useCheckoutBalance();
  // The order placed for this cart and total, kept while its payment is retried (a declined card, a network
  // failure): paying again pays the same order instead of placing another one.
  const [pending, setPending] = useState<{ cart: string; order: OrderDetail } | null>(null);
  const orderKeys = useMemo(() => createIdempotencyKeys(), []);
  const payKeys = useMemo(() => createIdempotencyKeys(), []);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const ready = quote.status === 'ready' && quote.valid;
  // The method offered first is one that can succeed (issue 31): the balance only when it covers the total.
  const covered = !!balance && quote.status === 'ready' && balance.amountMinor >= quote.total.amountMinor;
  const method: OrderPaymentMethod = chosen ?? (covered ? 'balance' : demo ? 'test_card' : 'bank_transfer');
  const cartKey = JSON.stringify(lines);

  const fail = (next: Problem) => {
    setProblem(next);
    setBusy(false);
  };

  const submit = async () => {
    if (quote.status !== 'ready' || !quote.valid) return;
    const chosenPayment = orderPaymentRequest(method, cardNumber);
    if ('cardError' in chosenPayment) {
      setCardError(tc(chosenPayment.cardError));
      return;
    }
    const payment = chosenPayment.request;
    setCardError(undefined);
    setProblem(null);
    setBusy(true);

    let order = pending?.cart === cartKey ? pending.order : null;
    if (!order) {
      const request: CreateOrderRequest = { lines: toOrderLines(lines), expectedTotal: quote.total.amountMinor };
      try {
        order = await placeOrder(request, orderKeys.keyFor(request));
        orderKeys.reset();
        setPending({ cart: cartKey, order });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'CART_CHANGED') {
          onRequote();
          return fail({ key: 'checkout.cartChanged' });
        }
        // A line the server refuses (a domain to attach that is not the customer's, say) is named with its reason.
        const [field, detail] = Object.entries(fieldErrorsOf(error))[0] ?? [];
        const index = field ? Number(/^lines\.(\d+)\./.exec(field)?.[1]) : Number.NaN;
        if (detail && Number.isInteger(index) && lines[index]) {
          return fail({
            key: 'checkout.lineRefused',
            values: { line: lineName(lines[index]), reason: tc(detail.code) },
          });
        }
        return fail({ key: problemKey(error) });
      }
    }

    try {
      const answer = await payOrder(order.id, payment, payKeys.keyFor({ order: order.id, payment }));
      payKeys.reset();
      cartStore.clear();
      onPlaced();
      void navigate(`${orderPath(answer.order.id)}?placed=1`);
    } catch (error) {
      const card = fieldErrorsOf(error).cardNumber;
      if (card) {
        setCardError(tc(card.code));
        return fail(null);
      }
      if (error instanceof ApiError && error.code === 'ORDER_ALREADY_PAID') {
        // Paid already (another tab, a second click): the order's page says where it stands.
        cartStore.clear();
        onPlaced();
        void navigate(orderPath(order.id));
        return;
      }
      fail({ key: problemKey(error), values: { number: order.number } });
    }
  };

  const insufficient = problem?.key === 'common:errors.insufficientFunds';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-(--radius-card) border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('checkout.payTitle')}
      </h2>
      {problem && (
        <div ref={problemRef} tabIndex={-1} className="mt-4 outline-none">
          <Alert tone="error" title={t('checkout.failed')}>
            <p>
              {problem.key === 'checkout.cartChanged' && quote.status === 'ready'
                ? t('checkout.cartChangedTotal', { total: money(quote.total) })
                : t(problem.key, problem.values)}
            </p>
            {pending && (
              <p className="mt-1">
                {t('checkout.orderKept', { number: pending.order.number })}{' '}
                <Link to={orderPath(pending.order.id)} className="font-semibold underline">
                  {t('checkout.openOrder', { number: pending.order.number })}
                </Link>
              </p>
            )}
            {insufficient && <p className="mt-1">{t('checkout.tryAnotherMethod')}</p>}
            {problem.key === 'common:errors.emailNotVerified' && <ResendVerification className="mt-3" />}
          </Alert>
        </div>
      )}
      <form
        id={formId}
        noValidate
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <OrderPaymentFields
          legend={t('checkout.method')}
          bankTransferHint={t('checkout.bankTransferHint')}
          cardHint={t('checkout.cardNumberHint')}
          method={method}
          onMethodChange={setMethod}
          balance={balance ? money(balance) : undefined}
          demo={demo}
          cardNumber={cardNumber}
          onCardNumberChange={setCardNumber}
          cardError={cardError}
        />
        <p className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
          <span className="font-semibold text-slate-900">{t('cart.total')}</span>
          <span className="text-xl font-bold text-slate-900 tabular-nums">
            {quote.status === 'ready' ? money(quote.total) : '—'}
          </span>
        </p>
        <Button type="submit" fullWidth disabled={!ready || busy} aria-busy={busy}>
          {busy ? t('checkout.paying') : t(`checkout.submit.${method}`)}
        </Button>
        {quote.status === 'ready' && !quote.valid && (
          <p className="text-sm text-danger-700">{t('checkout.fixLines')}</p>
        )}
        <ButtonLink to="/cart" variant="secondary" fullWidth>
          {t('checkout.editCart')}
        </ButtonLink>
      </form>
    </section>
  );
}

/** The ordering texts of the refusals checkout expects; anything else as the common error texts say it. */
function problemKey(error: unknown): string {
  if (error instanceof ApiError) {
    const byCode: Partial<Record<string, string>> = {
      OUT_OF_CAPACITY: 'checkout.outOfCapacity',
      DOMAIN_UNAVAILABLE: 'checkout.domainUnavailable',
      ORDER_ALREADY_PAID: 'checkout.alreadyPaid',
      PAYMENT_DECLINED: 'checkout.declined',
      VALIDATION_FAILED: 'checkout.linesRefused',
    };
    const key = error.code ? byCode[error.code] : undefined;
    if (key) return key;
  }
  return `common:${accountErrorKey(error)}`;
}
