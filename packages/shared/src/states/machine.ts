/**
 * A status and the statuses it may move to (docs/decisions/012-data-model.md). One module per entity
 * (service, domain, invoice, payment, ticket) defines its machine with this helper; the API checks every
 * change against it and the web app offers only the actions it allows.
 */
export interface StateMachine<S extends string> {
  /** The entity, for messages: 'service', 'domain', ... */
  readonly entity: string;
  /** Every status, in the order the transitions table lists them. */
  readonly states: readonly [S, ...S[]];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** States with no way out. */
  readonly terminal: readonly S[];
  canTransition(from: S, to: S): boolean;
  /** Throws an InvalidTransitionError unless `from` may move to `to`. */
  assertTransition(from: S, to: S): void;
  isState(value: unknown): value is S;
}

export class InvalidTransitionError extends Error {
  constructor(
    readonly entity: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`A ${entity} cannot go from ${from} to ${to}`);
    this.name = 'InvalidTransitionError';
  }
}

export function defineStateMachine<S extends string>(
  entity: string,
  transitions: Readonly<Record<S, readonly NoInfer<S>[]>>,
): StateMachine<S> {
  const states = Object.keys(transitions) as S[];
  for (const from of states) {
    for (const to of transitions[from]) {
      if (!Object.hasOwn(transitions, to)) throw new Error(`${entity}: ${from} moves to unknown state ${to}`);
      if (to === from) throw new Error(`${entity}: ${from} moves to itself`);
    }
  }
  const allowed = new Set(states.flatMap((from) => transitions[from].map((to) => `${from}>${to}`)));
  return {
    entity,
    states: states as [S, ...S[]],
    transitions,
    terminal: states.filter((s) => transitions[s].length === 0),
    canTransition: (from, to) => allowed.has(`${from}>${to}`),
    assertTransition(from, to) {
      if (!allowed.has(`${from}>${to}`)) throw new InvalidTransitionError(entity, from, to);
    },
    isState: (value): value is S => typeof value === 'string' && Object.hasOwn(transitions, value),
  };
}
