#!/usr/bin/env python3
"""Writes the source of C1 (../../shared/bench/WORKLOADS.md): entry points that compose N lifted
middlewares, N lifted reducers, as many lifted into optional parts (`liftOptional`), N IOs and N
lifted middleware readers with `<>`, each in a synchronous and an `async` function.

    generate.py N [N …] > C1.swift

The domain is W2's, grown to max(N) sub-states: `Action.sK(SubAction)` with a computed property
`sK` for each case, and `State.sK`. Every lift uses key-path literals for the input action and
the state, and the enum case for the output, as an app written from the README does.
check-compile-time.sh type-checks the file and reads how long each function took.
"""
import sys


def domain(count):
    cases = "\n".join(f"    case s{k}(SubAction)" for k in range(count))
    fields = "\n".join(f"    var s{k} = SubState()\n    var o{k}: SubState? = nil" for k in range(count))
    getters = "\n".join(
        f"    var s{k}: SubAction? {{ if case .s{k}(let action) = self {{ return action }}; return nil }}"
        for k in range(count)
    )
    return f"""import RexCore

enum SubAction: Sendable, Equatable {{
    case bump
    case reset
}}

struct SubState: Sendable, Equatable {{
    var value = 0
}}

enum Action: Sendable {{
{cases}
}}

extension Action {{
{getters}
}}

struct State: Sendable {{
{fields}
}}

struct InspectingMiddleware: MiddlewareProtocol {{
    func handle(action: SubAction, from dispatcher: ActionSource, state: @escaping GetState<SubState>) -> IO<SubAction> {{
        guard action == .reset else {{ return .pure() }}
        return IO {{ output in output.dispatch(.bump) }}
    }}
}}

let subReducer = Reducer<SubAction, SubState>.reduce {{ action, state in
    if action == .bump {{ state.value += 1 }} else {{ state.value = 0 }}
}}

struct Dependencies: Sendable {{}}

let subReader = MiddlewareReader<Dependencies, InspectingMiddleware> {{ _ in InspectingMiddleware() }}
"""


def middlewares(count):
    return " <>\n        ".join(
        f"InspectingMiddleware().lift(inputAction: \\Action.s{k}, outputAction: Action.s{k}, state: \\State.s{k})"
        for k in range(count)
    )


def reducers(count):
    return " <>\n        ".join(
        f"subReducer.lift(action: \\Action.s{k}, state: \\State.s{k})" for k in range(count)
    )


def optional_middlewares(count):
    return " <>\n        ".join(
        f"InspectingMiddleware().liftOptional(inputAction: \\Action.s{k}, outputAction: Action.s{k}, state: \\State.o{k})"
        for k in range(count)
    )


def optional_reducers(count):
    return " <>\n        ".join(
        f"subReducer.liftOptional(action: \\Action.s{k}, state: \\State.o{k})" for k in range(count)
    )


def ios(count):
    return " <>\n        ".join(f"IO<Action> {{ output in output.dispatch(.s{k}(.bump)) }}" for k in range(count))


def readers(count):
    return " <>\n        ".join(
        f"subReader.lift(inputAction: \\Action.s{k}, outputAction: Action.s{k}, state: \\State.s{k})"
        for k in range(count)
    )


def entry_points(count):
    text = ""
    kinds = (
        ("Middlewares", middlewares(count)),
        ("Reducers", reducers(count)),
        ("OptionalMiddlewares", optional_middlewares(count)),
        ("OptionalReducers", optional_reducers(count)),
        ("IOs", ios(count)),
        ("Readers", readers(count)),
    )
    for kind, body in kinds:
        for suffix, effect in (("Sync", ""), ("Async", " async")):
            text += f"""
func compose{kind}{count}{suffix}(){effect} {{
    let composed =
        {body}
    _ = composed
}}
"""
    return text


def main():
    counts = [int(argument) for argument in sys.argv[1:]] or [10, 30, 60]
    sys.stdout.write(domain(max(counts)))
    for count in counts:
        sys.stdout.write(entry_points(count))


if __name__ == "__main__":
    main()
