#!/usr/bin/env python3
"""Lower bounds on, and proofs of, the optimal length of a TSPLIB sequential ordering problem (SOP)
by integer programming with cutting planes: for instances whose precedences are too few for the
dynamic programme of SOPExact.swift (prove.sh), which has to walk every prefix they allow.

    Benchmarks/exact/sop_cuts.py FILE.sop --upper LENGTH --order 1,5,...,44 [--seconds 1800]
    Benchmarks/exact/sop_cuts.py --check 40        (random instances against prove.sh)

With --upper, it proves that no order is shorter than LENGTH (the model with "length at most
LENGTH less the weights' common divisor" has no solution), and --order shows an order of that
length, checked here: together, LENGTH is the optimum. One line per run on standard output:
FILE optimum=N (exit 0) or FILE lower=L upper=U (exit 2: the optimum lies between them), then
root=R (the bound of the cutting planes alone), cuts, seconds. Progress goes to standard error.

The model: a binary per leg that an order can have (none from i to j when j must come before i or
some node must come between them), one leg out of every node but the last and into every node but
the first, no two-node cycle, a position per node (Miller, Tucker and Zemlin's constraints as
Desrochers and Laporte lifted them, each precedence as an order of positions, and each position
within the count of the node's predecessors and successors). Before branching, rounds of cuts on
the linear relaxation, each family valid for every order from the first node to the last:
  - subtour elimination: x(S, V\\S) >= 1 for every S that holds the first node and not all;
  - precedence: x(S, V\\S) >= 2 when S holds the first node and j, not i and the last node, where
    i must come before j (the path leaves S for i, comes back for j, and leaves again);
  - pi and sigma (E. Balas, M. Fischetti, W. R. Pulleyblank, Math. Programming 68, 1995): for D
    closed under "must come before", holding the first node and not the last, the last node of D
    visited is one no other node of D must follow, so x(max D, V\\D) >= 1; likewise into the
    minimal nodes of a set closed under "must come after".
Subtour and precedence cuts are separated exactly by minimum cuts; pi and sigma from the closed
sets of least cut, a heuristic. HiGHS (through SciPy) then branches. Its arithmetic is floating
point with tolerances, as with any such solver: the --check mode holds it to the exact programme.

It reads the SOP file on its own, as SOPExact.swift does: n after EDGE_WEIGHT_SECTION, then n x n
weights; -1 at (i, j) puts j before i; the path runs from node 1 to node n.

Needs Python 3 with SciPy (1.9 or later) and NetworkX: Debian `apt-get install python3-scipy
python3-networkx`.
"""
import argparse
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time

try:
    import networkx as nx
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix
except ImportError as error:
    sys.exit(f"sop_cuts.py: {error.name} is missing; on Debian: apt-get install python3-scipy python3-networkx")

HERE = os.path.dirname(os.path.abspath(__file__))
INFINITE = 1e9


def read_sop(path):
    """n and the n x n weights of a TSPLIB SOP file."""
    try:
        with open(path) as file:
            tokens = file.read().split()
    except OSError as error:
        sys.exit(f"{path}: {error.strerror}")
    if "EDGE_WEIGHT_SECTION" not in tokens:
        sys.exit(f"{path}: no EDGE_WEIGHT_SECTION")
    start = tokens.index("EDGE_WEIGHT_SECTION") + 1
    try:
        n = int(tokens[start])
        values = [int(v) for v in tokens[start + 1:start + 1 + n * n]]
    except (ValueError, IndexError):
        sys.exit(f"{path}: the weight section is not n followed by n x n integers")
    if n < 2 or len(values) != n * n:
        sys.exit(f"{path}: the weight section has {len(values)} weights, not {n} x {n}")
    return n, [values[r * n:(r + 1) * n] for r in range(n)]


class Problem:
    """The precedences (closed under transitivity) and the legs an order can have."""

    def __init__(self, n, weights):
        self.n = n
        before = [[False] * n for _ in range(n)]  # before[i][j]: i must come before j
        for i in range(n):
            for j in range(n):
                if i != j and weights[i][j] == -1:
                    before[j][i] = True
        for j in range(1, n):
            before[0][j] = True
        for i in range(1, n - 1):
            before[i][n - 1] = True
        for k in range(n):
            for i in range(n):
                if before[i][k]:
                    for j in range(n):
                        if before[k][j]:
                            before[i][j] = True
        if any(before[i][i] for i in range(n)):
            sys.exit("the precedences form a cycle: no order keeps them")
        self.before = before
        self.legs = [
            (i, j) for i in range(n - 1) for j in range(1, n)
            if i != j and not before[j][i] and weights[i][j] >= 0
            and not any(before[i][k] and before[k][j] for k in range(n))
        ]
        self.cost = np.array([weights[i][j] for i, j in self.legs], dtype=float)
        self.step = 0
        for w in self.cost:
            self.step = math.gcd(self.step, int(w))
        self.step = max(self.step, 1)

    def length(self, order):
        """The length of `order` (0-based nodes); exits when it is no order of this problem."""
        n = self.n
        if sorted(order) != list(range(n)) or order[0] != 0 or order[-1] != n - 1:
            sys.exit("--order: not every node once, from the first to the last")
        place = {v: p for p, v in enumerate(order)}
        for i in range(n):
            for j in range(n):
                if self.before[i][j] and place[i] > place[j]:
                    sys.exit(f"--order: node {j + 1} comes before node {i + 1}, which must come first")
        index = {leg: a for a, leg in enumerate(self.legs)}
        return sum(self.cost[index[(order[p], order[p + 1])]] for p in range(n - 1))


class Model:
    """The rows of the integer programme over legs then positions, grown by cuts."""

    def __init__(self, problem):
        self.p = problem
        n, legs = problem.n, problem.legs
        self.count = len(legs) + n
        self.rows, self.lower, self.upper = [], [], []
        for v in range(n - 1):
            self.add({a: 1 for a, (i, _) in enumerate(legs) if i == v}, 1, 1)
        for v in range(1, n):
            self.add({a: 1 for a, (_, j) in enumerate(legs) if j == v}, 1, 1)
        position = len(legs)
        for a, (i, j) in enumerate(legs):  # u_j >= u_i + 1 when the leg i -> j is taken
            self.add({position + j: 1, position + i: -1, a: -n}, 1 - n, np.inf)
        for i in range(n):
            for j in range(n):
                if problem.before[i][j]:
                    self.add({position + j: 1, position + i: -1}, 1, np.inf)
        index = {leg: a for a, leg in enumerate(legs)}
        for a, (i, j) in enumerate(legs):
            back = index.get((j, i))
            if back is not None and i < j:  # no two-stop cycle
                self.add({a: 1, back: 1}, -np.inf, 1)
            # Desrochers and Laporte's lifting: u_i - u_j + (n-1) x_ij + (n-3) x_ji <= n-2.
            coefficients = {position + i: 1, position + j: -1, a: n - 1}
            if back is not None:
                coefficients[back] = n - 3
            self.add(coefficients, -np.inf, n - 2)
        # A node comes after its predecessors and before its successors (the first node at 0).
        earliest = [sum(problem.before[w][v] for w in range(n)) for v in range(n)]
        latest = [n - 1 - sum(problem.before[v][w] for w in range(n)) for v in range(n)]
        self.bounds = Bounds(np.concatenate([np.zeros(len(legs)), earliest]),
                             np.concatenate([np.ones(len(legs)), latest]))
        self.objective = np.concatenate([problem.cost, np.zeros(n)])

    def add(self, coefficients, lower, upper):
        self.rows.append(coefficients)
        self.lower.append(lower)
        self.upper.append(upper)

    def solve(self, integral, seconds=None, quiet=False):
        """SciPy's result and, for the integer programme, the bound HiGHS proved (None if it reported none)."""
        r, c, v = [], [], []
        for row, coefficients in enumerate(self.rows):
            for column, value in coefficients.items():
                r.append(row); c.append(column); v.append(value)
        matrix = coo_matrix((v, (r, c)), shape=(len(self.rows), self.count)).tocsr()
        integrality = np.concatenate([np.full(len(self.p.legs), 1 if integral else 0), np.zeros(self.p.n)])
        options = {"time_limit": seconds} if seconds else {}
        constraints = LinearConstraint(matrix, self.lower, self.upper)
        if not integral:
            return milp(self.objective, constraints=constraints, bounds=self.bounds, options=options), None
        # HiGHS's log: SciPy gives no bound when the search found no solution, which is what a
        # proof looks for, so the bound is read from the log's report. HiGHS writes it to
        # standard output (the result line's), so it goes through `tee` to a file and, for
        # progress, to standard error.
        with tempfile.NamedTemporaryFile("r") as log:
            sys.stdout.flush()
            saved = os.dup(1)
            tee = subprocess.Popen(["tee", log.name], stdin=subprocess.PIPE,
                                   stdout=subprocess.DEVNULL if quiet else sys.stderr)
            os.dup2(tee.stdin.fileno(), 1)
            try:
                result = milp(self.objective, constraints=constraints, bounds=self.bounds,
                              integrality=integrality, options=dict(options, disp=True))
            finally:
                sys.stdout.flush()
                os.dup2(saved, 1)
                os.close(saved)
                tee.stdin.close()
                tee.wait()
            bounds = re.findall(r"Dual bound\s+(\S+)", log.read())
        return result, float(bounds[-1]) if bounds else None


def violated_cuts(problem, x):
    """Cuts the relaxed solution `x` breaks: (legs, right-hand side), the legs' sum at least that."""
    n, legs, before = problem.n, problem.legs, problem.before
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    for a, (i, j) in enumerate(legs):
        if x[a] > 1e-9:
            graph.add_edge(i, j, capacity=x[a])
    # Edges that keep a minimum cut's source side closed under predecessors (u there puts every
    # v before u there) and its sink side closed under successors (v there puts every u after v there).
    closing_down = [(u, v) for u in range(n) for v in range(n) if before[v][u]]
    closing_up = [(v, u) for u in range(n) for v in range(n) if before[u][v]]
    found = {}

    def consider(kind, nodes, chosen, rhs):
        if (kind, nodes) not in found and sum(x[a] for a in chosen) < rhs - 1e-6:
            found[(kind, nodes)] = (chosen, rhs)

    def leaving(nodes, tails=None):
        tails = nodes if tails is None else tails
        return [a for a, (i, j) in enumerate(legs) if i in tails and j not in nodes]

    for t in range(1, n):  # subtour elimination
        value, (side, _) = nx.minimum_cut(graph, 0, t)
        if value < 1 - 1e-6:
            consider("subtour", frozenset(side), leaving(frozenset(side)), 1)
    for i in range(1, n - 1):  # precedence: source side holds the first node and j
        for j in range(1, n - 1):
            if before[i][j]:
                h = graph.copy()
                h.add_edge("s", 0, capacity=INFINITE); h.add_edge("s", j, capacity=INFINITE)
                h.add_edge(i, "t", capacity=INFINITE); h.add_edge(n - 1, "t", capacity=INFINITE)
                value, (side, _) = nx.minimum_cut(h, "s", "t")
                if value < 2 - 1e-6:
                    nodes = frozenset(side) - {"s"}
                    consider("precedence", nodes, leaving(nodes), 2)
    for t in range(1, n - 1):
        # pi: D (source side) closed under predecessors and holding t.
        h = graph.copy()
        h.add_edges_from(closing_down, capacity=INFINITE)
        h.add_edge(0, t, capacity=INFINITE)
        _, (side, _) = nx.minimum_cut(h, 0, n - 1)
        closed = frozenset(side)
        last = {u for u in closed if not any(before[u][v] for v in closed)}
        consider("pi", closed, leaving(closed, last), 1)
        # sigma: U (sink side) closed under successors and holding t.
        h = graph.copy()
        h.add_edges_from(closing_up, capacity=INFINITE)
        h.add_edge(t, n - 1, capacity=INFINITE)
        _, (_, side) = nx.minimum_cut(h, 0, n - 1)
        closed = frozenset(side)
        first = {v for v in closed if not any(before[w][v] for w in closed)}
        consider("sigma", closed, [a for a, (i, j) in enumerate(legs) if i not in closed and j in first], 1)
    return list(found.values())


def solve(path, upper=None, order=None, seconds=None, quiet=False):
    """(lower bound, proven, root bound, cuts, seconds) for the SOP file at `path`."""
    n, weights = read_sop(path)
    problem = Problem(n, weights)
    model = Model(problem)
    started = time.monotonic()
    if order is not None:
        length = problem.length(order)
        if upper is not None and length != upper:
            sys.exit(f"--order: its length is {length:g}, not --upper {upper}")
    cuts, root = 0, 0.0
    for _ in range(500):
        relaxed, _ = model.solve(integral=False)
        if relaxed.status != 0:
            return None, True, None, cuts, time.monotonic() - started  # no order at all
        root = relaxed.fun
        found = violated_cuts(problem, relaxed.x)
        if not quiet:
            print(f"sop_cuts: root bound {root:.2f}, {len(found)} new cuts", file=sys.stderr)
        if not found:
            break
        for chosen, rhs in found:
            model.add({a: 1 for a in chosen}, rhs, np.inf)
        cuts += len(found)
    step = problem.step
    if upper is not None:
        model.add({a: problem.cost[a] for a in range(len(problem.legs))}, -np.inf, upper - step)
    result, proved = model.solve(integral=True, seconds=seconds, quiet=quiet)
    spent = time.monotonic() - started
    if result.status == 2:  # nothing shorter than `upper`, or no order at all
        return upper, True, root, cuts, spent
    if result.status == 0:  # the optimum (below `upper`, when given), a sum of whole weights
        return step * round(result.fun / step), True, root, cuts, spent
    bound = max(root, proved if proved is not None else root)
    return step * math.ceil(bound / step - 1e-9), False, root, cuts, spent


def check(count, seed):
    """Random instances, each solved here and by the exact programme (prove.sh)."""
    generator = random.Random(seed)
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for case in range(count):
            n = generator.randint(6, 16)
            weights = [[0 if i == j else generator.randint(0, 100) * 5 for j in range(n)] for i in range(n)]
            for j in range(1, n - 1):
                weights[j][0] = -1
                weights[n - 1][j] = -1
            weights[n - 1][0] = -1
            for _ in range(generator.randint(0, n)):
                i, j = sorted(generator.sample(range(1, n - 1), 2)) if n > 3 else (1, 1)
                if i != j:
                    weights[j][i] = -1  # i before j
            path = os.path.join(folder, f"random{case}.sop")
            with open(path, "w") as file:
                file.write(f"NAME: random{case}\nTYPE: SOP\nDIMENSION: {n}\nEDGE_WEIGHT_TYPE: EXPLICIT\n"
                           f"EDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n{n}\n")
                for row in weights:
                    file.write(" ".join(map(str, row)) + "\n")
                file.write("EOF\n")
            line = subprocess.run([os.path.join(HERE, "prove.sh"), path], capture_output=True, text=True,
                                  check=True).stdout
            exact = int(line.split("optimum=")[1].split()[0])
            # A minute each at most: these take a second; a wrong model may not end.
            mine, proven, _, _, _ = solve(path, seconds=60, quiet=True)
            # The proof's way: nothing shorter than the optimum, and not the optimum's own length ruled out.
            below, refuted, _, _, _ = solve(path, upper=exact, seconds=60, quiet=True)
            above, _, _, _, _ = solve(path, upper=exact + 5, seconds=60, quiet=True)
            agree = proven and mine == exact and refuted and below == exact and above == exact
            failures += not agree
            print(f"random{case} n={n} exact={exact} cuts={mine} below={below} above={above} {'ok' if agree else 'DIFFERENT'}")
    print(f"check: {count - failures} of {count} agree")
    return failures == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="a TSPLIB SOP file")
    parser.add_argument("--upper", type=int, help="prove that no order is shorter than this")
    parser.add_argument("--order", help="an order of length --upper, nodes 1…n, comma-separated")
    parser.add_argument("--seconds", type=float, default=1800, help="time for branching (default 1800)")
    parser.add_argument("--check", type=int, metavar="COUNT", help="random instances against prove.sh")
    parser.add_argument("--seed", type=int, default=1, help="the random instances' seed (default 1)")
    arguments = parser.parse_args()
    if arguments.check:
        sys.exit(0 if check(arguments.check, arguments.seed) else 1)
    if not arguments.file:
        parser.error("a SOP file or --check")
    order = [int(v) - 1 for v in arguments.order.split(",")] if arguments.order else None
    lower, proven, root, cuts, spent = solve(arguments.file, arguments.upper, order, arguments.seconds)
    if lower is None:
        print(f"{arguments.file} no order keeps the precedences")
        sys.exit(1)
    upper = arguments.upper
    # Proven below `upper` needs an order of that length to make it the optimum.
    if proven and (upper is None or lower < upper or order is not None):
        print(f"{arguments.file} optimum={lower:g} root={root:.1f} cuts={cuts} seconds={spent:.0f}")
    else:
        print(f"{arguments.file} lower={lower:g} upper={'?' if upper is None else upper} root={root:.1f} cuts={cuts} seconds={spent:.0f}")
        sys.exit(2)


if __name__ == "__main__":
    main()
