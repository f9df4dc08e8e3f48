"""Zeo move checks: why a move is illegal now, naming the rulebook section it breaks."""

from __future__ import annotations

from ...engine import Rejection, Seat
from .models import (
    HEROES,
    Action,
    Activate,
    Attach,
    AttachTile,
    Battle,
    Buy,
    Choose,
    DestroyBlaster,
    DiscardAttached,
    EndMain,
    EndTurn,
    Pick,
    Play,
    Player,
    State,
)
from .table import (
    BAY,
    SERPENTERA,
    _cat,
    _no,
    adversary,
    battle_price,
    slot_accepts,
    team_of,
    zm_price,
)


class Checks:
    """ZeoRules' checks methods (a mixin: see rules.py)."""

    def check(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        if state.outcome is not None:
            return _no("How to Win", "The game is over")
        if not 0 <= seat < len(state.players):
            return _no("Setup", f"There is no seat {seat + 1}: this table has {len(state.players)}")
        if state.phase == "setup" and state.decision is None:
            if not isinstance(action, Pick):
                return _no("Setup", "Every player must choose a character first")
            p = state.players[seat]
            if p.character:
                return _no("Setup", "You have already chosen your character")
            if action.character not in p.offer:
                return _no("Setup", "Choose 1 of the 2 characters you were dealt")
            return None
        if isinstance(action, Pick):
            if state.phase == "setup":
                return _no("Setup", "Every character is chosen; answer the question first")
            return _no("Setup", "Characters are chosen during setup only")
        if state.attack is not None:
            if seat != state.attack.waiting[0][0]:
                return _no("Blocks", "An Attack is waiting for a foe's Block decision")
            if not isinstance(action, Choose):
                return _no("Blocks", "Decide whether to Block the Attack first")
            if action.option not in {o.id for o in self.block_options(state, seat)}:
                if action.option == "decline":
                    return _no(
                        "Defender Wheel",
                        "You must Block this Attack: you have an "
                        "attached, Zord or character Block you can pay for",
                    )
                return _no(
                    "Blocks",
                    "That is not a Block you can use now (hand icon, ready "
                    "attached card or Zord, and enough Energy)",
                )
            return None
        if state.decision is not None:
            if seat != state.decision.seat:
                return _no("Golden Rule", "Another player is answering a card's question")
            if not isinstance(action, Choose):
                return _no("Golden Rule", f"Answer first: {state.decision.prompt}")
            if action.option not in {o.id for o in state.decision.options}:
                return _no("Golden Rule", "That is not one of the choices")
            return None
        if isinstance(action, Choose):
            return _no("Golden Rule", "There is no question to answer")
        if seat != state.active:
            return _no("Playing the Game", "It is not your turn")
        p = state.players[seat]
        if state.phase == "end":
            if isinstance(action, EndTurn):
                return None
            if isinstance(action, DiscardAttached):
                return self._check_discard_attached(state, p, action.slot, end_phase=True)
            return _no(
                "End Phase in Detail",
                "In the End Phase you may only discard attached cards, then end your turn",
            )
        if isinstance(action, EndTurn):
            return _no("End Phase in Detail", "End the Main Phase first")
        return self._check_main(state, seat, action)

    def _check_main(self, state: State, seat: Seat, action: Action) -> Rejection | None:
        """The Main Phase moves of the active seat, once nothing else is waiting (no setup,
        Attack or question; the game is on): `check` past its common part."""
        p = state.players[seat]
        cat = _cat(state)
        if isinstance(action, EndMain):
            return None
        if isinstance(action, Play):
            if action.card not in p.hand:
                return _no("Playing Cards", "That card is not in your hand")
            if cat.card(action.card).kind in ("zord", "master"):
                return _no(
                    "Miscellaneous Rules",
                    "A Zord or Master drawn from your deck can only be re-attached",
                )
            return None
        if isinstance(action, Attach):
            return self._check_attach(state, seat, action)
        if isinstance(action, AttachTile):
            if action.card not in p.hand:
                return _no("Attaching Cards", "That card is not in your hand")
            card = cat.card(action.card)
            if card.kind == "zord":
                if len(state.bay) >= 5:
                    return _no("Zeo Zord Bay", "The Zord Bay has only 5 slots")
                return None
            if card.kind == "master":
                own = cat.characters[p.character].own
                if card.id == own and p.slots[3] is not None:
                    return _no("Master Cards", "Your orange slot is taken")
                return None
            return _no(
                "Attaching Cards", "Only Zords and Masters attach to the Zord Bay or The Lair"
            )
        if isinstance(action, Buy):
            return self._check_buy(state, seat, action)
        if isinstance(action, Battle):
            return self._check_battle(state, seat, action)
        if isinstance(action, Activate):
            return self._check_activate(state, seat, action)
        if isinstance(action, DestroyBlaster):
            if action.card not in p.played or not action.card.startswith("zeo-blaster#"):
                return _no("Zeo Blasters", "Destroy a Zeo Blaster you played this turn")
            return None
        if isinstance(action, DiscardAttached):
            return self._check_discard_attached(state, p, action.slot, end_phase=False)
        return _no("Golden Rule", "Unknown action")  # pragma: no cover

    def _check_discard_attached(
        self, state: State, p: Player, slot: int, end_phase: bool
    ) -> Rejection | None:
        """Any attached card in the End Phase; only a ready one in the Main Phase."""
        s = p.slots[slot]
        if s is None:
            return _no("Discarding Attached Cards", "That slot is empty")
        if s.stuck:
            return _no(
                "Specific Card Clarifications",
                "Defector and Singing Zap leave only when Battled",
            )
        if _cat(state).card(s.card).kind == "master":
            return _no(
                "Discarding Attached Cards",
                "You may not voluntarily discard your Zords or Masters",
            )
        if not end_phase and not s.ready:
            return _no(
                "Discarding Attached Cards",
                "In the Main Phase you may discard only "
                "a ready card; exhausted ones in the End Phase",
            )
        return None

    def _check_attach(self, state: State, seat: int, action: Attach) -> Rejection | None:
        p = state.players[seat]
        cat = _cat(state)
        if action.card not in p.hand:
            return _no("Attaching Cards", "That card is not in your hand")
        if p.slots[action.slot] is not None:
            return _no("Attaching Cards", "That slot is not empty")
        card = cat.card(action.card)
        if not slot_accepts(state, seat, action.slot, card):
            colour = cat.characters[p.character].slots[action.slot]
            if colour == "rainbow":
                return _no(
                    "Specific Card Clarifications",
                    "Jason Lee Scott takes any card type but Villains "
                    "(Zords and Masters attach to the Zord Bay, the orange slot or The Lair)",
                )
            if colour == "orange":
                return _no("Master Cards", "The orange slot holds only your own Master")
            return _no("Attaching Cards", f"A {card.kind} does not match a {colour} slot")
        return None

    def _check_buy(self, state: State, seat: int, action: Buy) -> Rejection | None:
        p = state.players[seat]
        cat = _cat(state)
        hero = team_of(state, seat) == HEROES
        src = action.source
        if src != "grid" and action.index:
            return _no("Buying Cards", "Only Grid cards have an index")
        if src == "grid":
            c = state.grid[action.index] if action.index < len(state.grid) else None
            if c is None:
                return _no("Buying Cards", "That Grid space is empty until the next turn")
            card = cat.card(c)
            if adversary(state, seat, card):
                return _no(
                    "Buying Cards",
                    "Villains may not buy Heroes: Battle them instead"
                    if not hero
                    else "Heroes may not buy Villains: Battle them instead",
                )
            if card.cost > state.shards:
                return _no(
                    "Buying Cards", f"{card.name} costs {card.cost} Shards; you have {state.shards}"
                )
            if card.attach_to_character and not self._open_characters(state):
                return _no(
                    "Specific Card Clarifications",
                    f"{card.name} has no legal target: no character has an open slot",
                )
            return None
        if src == "blaster":
            if not state.blasters or not state.blaster_up:
                return _no(
                    "Zeo Blasters", "You may buy only the face-up top Zeo Blaster, one a turn"
                )
            if cat.card(state.blasters[0]).cost > state.shards:
                return _no("Buying Cards", "Not enough Shards for a Zeo Blaster")
            return None
        if src == "item":
            if p.item_gained:
                return _no("Signature Item Cards", "You have already gained your Signature Item")
            item = cat.cards[cat.characters[p.character].item]
            if item.cost > state.shards:
                return _no("Buying Cards", f"{item.name} costs {item.cost} Shards")
            return None
        if src in ("own", "stack"):
            price = zm_price(state, seat)
            if src == "own" and p.own_gained:
                return _no(
                    "Zords" if hero else "Master Cards",
                    "You have already gained your " + ("Zord" if hero else "Master"),
                )
            if src == "stack":
                if not p.own_gained:
                    return _no(
                        "Zords" if hero else "Master Cards",
                        "Buy your own " + ("Zord" if hero else "Master") + " before any other",
                    )
                stack = state.zord_stack if hero else state.master_stack
                up = state.zord_up if hero else state.master_up
                if not stack or not up:
                    return _no(
                        "Zords" if hero else "Master Cards",
                        "The top of the stack is face down until the next turn (one a turn)",
                    )
                if hero and len(state.bay) >= 5:
                    return _no("Zeo Zord Bay", "The Zord Bay has only 5 slots")
            if src == "own" and hero and len(state.bay) >= 5:
                return _no("Zeo Zord Bay", "The Zord Bay has only 5 slots")
            if price > state.shards:
                return _no("Buying Cards", f"It costs {price} Shards")
            return None
        if src == "serpentera":
            if not (state.config.serpentera and p.character == "venjix"):
                return _no(
                    "Serpentera Section Promo Rules",
                    "Only General Venjix may buy Serpentera Sections",
                )
            if p.serpentera >= 3:
                return _no("Serpentera Section Promo Rules", "Serpentera is complete")
            cost = cat.cards[SERPENTERA[p.serpentera]].cost
            if cost > state.shards:
                return _no("Buying Cards", f"The next Section costs {cost} Shards")
            return None
        return _no("Buying Cards", "Unknown source")  # pragma: no cover

    def _open_characters(self, state: State) -> list[int]:
        cat = _cat(state)
        out = []
        for i, p in enumerate(state.players):
            colours = cat.characters[p.character].slots
            if any(s is None and colours[k] != "orange" for k, s in enumerate(p.slots)):
                out.append(i)
        return out

    def _check_battle(self, state: State, seat: int, action: Battle) -> Rejection | None:
        cat = _cat(state)
        if (action.index is None) == (action.slot is None):
            return _no("Battling Adversary Cards", "Battle one Grid card or one attached card")
        if action.index is not None:
            c = state.grid[action.index] if action.index < len(state.grid) else None
            if c is None:
                return _no("Battling Adversary Cards", "That Grid space is empty")
            card = cat.card(c)
        else:
            s = state.players[seat].slots[action.slot]
            if s is None or not s.stuck:
                return _no(
                    "Specific Card Clarifications",
                    "Only a Defector or Singing Zap "
                    "attached to your own character can be Battled there",
                )
            card = cat.card(s.card)
        if not adversary(state, seat, card):
            return _no("Battling Adversary Cards", "You may only Battle adversary cards")
        price = battle_price(state, seat, card)
        if price > state.shards:
            return _no("Battling Adversary Cards", f"Battling {card.name} costs {price} Shards")
        return None

    def _check_activate(self, state: State, seat: int, action: Activate) -> Rejection | None:
        cat = _cat(state)
        p = state.players[seat]
        energy = state.teams[team_of(state, seat)].energy
        hero = team_of(state, seat) == HEROES
        src = action.source
        if src != "slot" and src != "zord" and action.index:
            return _no("Activated Abilities", "Only slots and Zords have an index")
        if src == "character":
            ch = cat.characters[p.character]
            if not p.flipped:
                return _no(
                    "Anatomy of a Character Card",
                    f"The activated ability is on the flipped side ({ch.side_b})",
                )
            if p.char_used:
                return _no(
                    "Activated Abilities", "Activated abilities may only be used once per turn"
                )
            cost = ch.ability.cost
        elif src == "slot":
            s = p.slots[action.index] if action.index < 4 else None
            if s is None:
                return _no("Activated Abilities", "That slot is empty")
            card = cat.card(s.card)
            if card.ability is None:
                return _no(
                    "Activated Abilities",
                    f"{card.name} has no activated ability"
                    + (" (its Block is used when you are Attacked)" if card.block else ""),
                )
            if card.kind == "blaster":
                return _no("Zeo Blasters", "Destroy a played Zeo Blaster for its ability")
            if not s.ready:
                return _no(
                    "Activated Abilities",
                    "That card is exhausted: it readies at the start of your next turn",
                )
            if s.card in state.used:
                return _no(
                    "Activated Abilities",
                    "Activated abilities may only be used once per turn, even after readying",
                )
            cost = card.ability.cost
        elif src == "zord":
            if not hero:
                return _no("Zords", "Only Heroes use the Zords")
            if action.index >= len(state.bay):
                return _no("Zeo Zord Bay", "There is no Zord there")
            z = state.bay[action.index]
            card = cat.card(z.card)
            if card.ability is None:
                return _no("Zeo Zord Bay", f"{card.name} is a Block: use it when Attacked")
            if not z.ready:
                return _no(
                    "Zeo Zord Bay",
                    "Zords do not ready at the start of your turn: use "
                    "the Zord Bay's ready ability",
                )
            if z.card in state.used:
                return _no(
                    "Activated Abilities",
                    "Activated abilities may only be used once per turn, even after readying",
                )
            if state.zord_acts >= BAY[state.bay_side][1]:
                return _no(
                    "Red Battlezord and Zeo Megazord",
                    f"Only {BAY[state.bay_side][1]} Zord activation(s) a turn",
                )
            cost = card.ability.cost
        elif src == "bay":
            if not hero:
                return _no("Zeo Zord Bay", "Only Heroes use the Zord Bay")
            if state.bay_used:
                return _no(
                    "Zeo Zord Bay",
                    "The Zord Bay's ability may be used once a turn, even after an upgrade",
                )
            if state.bay_side == "bay" and not any(not z.ready for z in state.bay):
                return _no("Zeo Zord Bay", "There is no exhausted Zord to ready")
            if state.bay_side == "battlezord" and all(z.ready for z in state.bay):
                return _no("Zeo Zord Bay", "There is no exhausted Zord to ready")
            cost = BAY[state.bay_side][2]
        else:  # serpentera
            if p.serpentera < 3:
                return _no("Serpentera Section Promo Rules", "Serpentera is not complete")
            if not p.serpentera_ready:
                return _no("Serpentera Section Promo Rules", "Serpentera has been used this turn")
            cost = cat.cards["serpentera-scales"].ability.cost
        if cost > energy:
            return _no("Activated Abilities", f"It costs {cost} Energy; your team has {energy}")
        return None
