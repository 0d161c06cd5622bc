"""Declarative notation: each action class says once how it is written, and its text, its parsing and the
messages for text that is not quite right all follow from that one declaration.

An action class lists its `forms`: patterns such as ``"store {nut} {card}"``, whose words are literal and whose
`{name}` parts are fields, each read and written by a `Field` (a number in a range, one of a set of names, or
a game's own kind of word such as a board place). The first form that `writes` an action gives its `str()`;
every form reads. A game gathers its action classes (and its one-word actions) in a `Notation`, whose
`parse` answers a text with the action it names, or a `NotationError` that says which word is wrong and what
was expected there, or, for text of no known shape, the shapes it could have had.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from nutbox.core.errors import NotationError
from nutbox.core.words import with_article

if TYPE_CHECKING:
    from nutbox.core.action import Action, Word

T = TypeVar("T")
_SPACES = re.compile(r"\s+")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_INTEGER = re.compile(r"-?\d+")


class Field(ABC, Generic[T]):
    """One kind of word in a pattern: how it reads (raising ValueError with the problem) and how it is written.
    `hint` stands for it where the notation lists its shapes ("place N", "move rRcC rRcC")."""

    hint: str = "X"

    @abstractmethod
    def read(self, word: str) -> T:
        """The value `word` (lower case) stands for; ValueError saying what is wrong with it otherwise."""

    @abstractmethod
    def write(self, value: T) -> str:
        """The word for `value`."""


class Number(Field[int]):
    """A whole number from `low` to `high` as written; the action holds it less `shift` (a card written 1
    and held as 0 has shift 1)."""

    def __init__(self, what: str, low: int, high: int, shift: int = 0, hint: str = "N") -> None:
        self.what, self.low, self.high, self.shift, self.hint = what, low, high, shift, hint

    def read(self, word: str) -> int:
        if not _INTEGER.fullmatch(word) or not self.low <= int(word) <= self.high:
            raise ValueError(f"{word!r} is not {with_article(self.what)} ({self.low} to {self.high})")
        return int(word) - self.shift

    def write(self, value: int) -> str:
        return str(value + self.shift)


class Named(Field[T]):
    """One of a fixed set of names (read without regard to case), each standing for a value."""

    def __init__(self, what: str, names: Mapping[str, T], hint: str | None = None) -> None:
        self.what = what
        self.names = dict(names)
        self.by_name = {name.lower(): value for name, value in self.names.items()}
        self.by_value = {value: name for name, value in self.names.items()}
        self.hint = hint or what.upper().replace(" ", "-")

    def read(self, word: str) -> T:
        if word not in self.by_name:
            raise ValueError(f"{word!r} is not {with_article(self.what)} ({', '.join(self.names)})")
        return self.by_name[word]

    def write(self, value: T) -> str:
        return self.by_value[value]


@dataclass(frozen=True)
class Form:
    """One way an action is written. `fields` name the Field of each placeholder; a placeholder stands for
    the action's attribute of the same name, or, with `spans`, for several attributes read as one tuple
    (a place r4c5 for row and col). `make` builds the action from the read values (default: the class
    called with them), `when` says which actions this form writes (default: all), and a form with
    `writes=False` only reads (another way of saying an action written otherwise)."""

    pattern: str
    fields: Mapping[str, Field[Any]] = field(default_factory=dict)
    spans: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    make: Callable[..., Action] | None = None
    when: Callable[[Any], bool] | None = None
    writes: bool = True
    chance: bool = False  # a chance outcome: listed apart from the decisions in the shapes a message offers

    def __post_init__(self) -> None:
        names = _PLACEHOLDER.findall(self.pattern)
        missing = [name for name in names if name not in self.fields]
        if missing:
            raise ValueError(f"the form {self.pattern!r} gives no field for {', '.join(missing)}")
        parts = _PLACEHOLDER.split(self.pattern)
        regex = "".join(re.escape(part).replace(r"\ ", " ") if i % 2 == 0 else f"(?P<{part}>\\S+?)"
                        for i, part in enumerate(parts))
        object.__setattr__(self, "_regex", re.compile(regex.replace(" ", r"\s") + "$"))
        # for writing: each field's getter (one attribute, or a span's tuple of them) and writer, built once
        writers = tuple((attrgetter(*self.spans[name]) if name in self.spans else attrgetter(name),
                         self.fields[name].write) for name in parts[1::2])
        object.__setattr__(self, "_writing", (tuple(parts[0::2]), writers))

    @property
    def usage(self) -> str:
        return _PLACEHOLDER.sub(lambda match: self.fields[match.group(1)].hint, self.pattern)

    @property
    def keyword(self) -> str:
        """The form's first word if it is literal ("" if it opens with a field)."""
        first = self.pattern.split(" ")[0]
        return "" if "{" in first else first

    def write(self, action: Action) -> str:
        literals, writers = self._writing  # type: ignore[attr-defined]
        out = [literals[0]]
        for (get, write_field), literal in zip(writers, literals[1:], strict=True):
            out.append(write_field(get(action)))
            out.append(literal)
        return "".join(out)

    def writer(self) -> Callable[[Any], str]:
        """`write` specialised to this form's field count (str() is on the hot paths of some games)."""
        literals, writers = self._writing  # type: ignore[attr-defined]
        if len(writers) == 1:
            (get, put), (before, after) = writers[0], literals
            return lambda action: before + put(get(action)) + after
        if len(writers) == 2:
            (get1, put1), (get2, put2) = writers
            one, two, three = literals
            return lambda action: one + put1(get1(action)) + two + put2(get2(action)) + three
        return self.write

    def shape(self, clean: str) -> dict[str, str] | None:
        """The words standing for each field if `clean` has this form's shape, else None."""
        match = self._regex.match(clean)  # type: ignore[attr-defined]
        return match.groupdict() if match else None

    def build(self, cls: type[Action], words: dict[str, str]) -> Action:
        """The action these words name; ValueError with the first field's problem."""
        values: dict[str, Any] = {}
        for name, word in words.items():
            value = self.fields[name].read(word)
            attrs = self.spans.get(name)
            if attrs:
                values.update(zip(attrs, value, strict=True))
            else:
                values[name] = value
        return self.make(**values) if self.make is not None else cls(**values)


_WRITERS: dict[type[Any], Callable[[Any], str]] = {}  # a class whose first form writes all its actions


def write(action: Action) -> str:
    """`action` in its notation: the first of its class's forms that writes it."""
    cls = type(action)
    fast = _WRITERS.get(cls)
    if fast is not None:
        return fast(action)
    for form in cls.forms:
        if form.writes and (form.when is None or form.when(action)):
            if form.when is None and form is cls.forms[0]:
                _WRITERS[cls] = form.writer()
            return form.write(action)
    raise TypeError(f"{cls.__name__} declares no form that writes {action!r}")


KNOWN_TEXTS = 10_000  # texts a notation remembers having read (a bound: the texts come from anyone)


class Notation:
    """A game's whole notation: its action classes (read by their forms) and its one-word actions."""

    def __init__(self, classes: Iterable[type[Action]], words: Iterable[Word] = (),
                 clean: Callable[[str], str] | None = None, shapes: str | None = None) -> None:
        classes = tuple(classes)
        for cls in classes:
            if not cls.forms:
                raise TypeError(f"{cls.__name__} declares no form to read it by")
        self.forms = [(cls, form) for cls in classes for form in cls.forms]
        self.words = {word.word: word for word in words}
        self.clean = clean  # a game's own tidying of the text before reading (after case and spaces)
        self.shapes = shapes  # what to say to text of no known shape (default: every form's shape)
        self._known: dict[str, Action] = {}  # texts read before, and their actions (at most KNOWN_TEXTS)

    def parse(self, text: str) -> Action:
        clean = _SPACES.sub(" ", text.strip().lower())
        if self.clean is not None:
            clean = self.clean(clean)
        if not clean:
            raise NotationError(text, "it is empty")
        if clean in self.words:
            return self.words[clean]
        return self._read(text, clean)

    def _read(self, text: str, clean: str) -> Action:
        """The action of a cleaned text by its forms (remembered: actions are immutable, and the same texts
        come again and again from records, tables and bots)."""
        known = self._known.get(clean)
        if known is not None:
            return known
        problem = None
        for cls, form in self.forms:
            words = form.shape(clean)
            if words is None:
                continue
            try:
                action = form.build(cls, words)
            except ValueError as error:
                problem = problem or str(error)
                continue
            if len(self._known) >= KNOWN_TEXTS:
                self._known.clear()
            self._known[clean] = action
            return action
        if problem is not None:
            raise NotationError(text, problem)
        raise NotationError(text, self.expected(clean.split(" ")[0]))

    def expected(self, first: str) -> str:
        """The shapes a text opening with `first` could have had: those with that keyword, else all."""
        same = [form.usage for _, form in self.forms if form.keyword == first]
        words = [word for word in self.words if word.split(" ")[0] == first]
        if same or words:
            return "expected " + " or ".join(dict.fromkeys([*same, *words]))
        if self.shapes is not None:
            return self.shapes
        decisions = [form.usage for _, form in self.forms if not form.chance]
        chance = [form.usage for _, form in self.forms if form.chance]
        text = "expected one of: " + ", ".join(dict.fromkeys([*decisions, *self.words]))
        if chance:
            text += " (and the chance steps " + ", ".join(dict.fromkeys(chance)) + ")"
        return text
