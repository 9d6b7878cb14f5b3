"""Seeded fake tool backends for the synthetic workload generator (see ``generate.py``).

Retail and airline worlds mimic the tau-bench tools: same tool names, same raw JSON
shapes (``json.dumps`` text with tau's default separators) and the same plain-text
``Error: ...`` failures, but every value is invented from a ``random.Random``.
Each tool call returns ``(raw, error)``; mutating tools change the world so later
reads of the same object show the change.  Nothing here reads files or the clock.
"""

from __future__ import annotations

import copy
import json
import random
import string
from typing import Any

FIRST = ["Mia", "Liam", "Noah", "Olivia", "Ivan", "Chen", "Omar", "Sofia", "Yusuf", "Aarav",
         "Emma", "Lucas", "Fatima", "Mei", "James", "Ava", "Ethan", "Isabella", "Raj", "Lena"]
LAST = ["Li", "Thomas", "Ito", "Lopez", "Muller", "Lee", "Rossi", "Garcia", "Patel", "Kim",
        "Nguyen", "Silva", "Ahmed", "Sanchez", "Moore", "Khan", "Novak", "Brown", "Martin", "Kovacs"]
STREETS = ["Sunset Drive", "Pine Lane", "Lakeview Drive", "Laurel Lane", "Maple Drive",
           "Cedar Street", "Elm Avenue", "River Road", "Hillcrest Drive", "Oak Street"]
CITIES = [("Austin", "TX", "787"), ("Phoenix", "AZ", "850"), ("New York", "NY", "102"),
          ("Fort Worth", "TX", "761"), ("Denver", "CO", "802"), ("Seattle", "WA", "981"),
          ("Chicago", "IL", "606"), ("San Diego", "CA", "921"), ("Columbus", "OH", "432")]
AIRPORTS = ["JFK", "SEA", "ATL", "LAX", "ORD", "DFW", "DEN", "SFO", "BOS", "MIA",
            "PHX", "LAS", "MSP", "DTW", "EWR", "IAH", "MCO", "CLT"]
CABINS = ("basic_economy", "economy", "business")
PRODUCT_TYPES = {
    "Laptop": {"screen size": ["13-inch", "15-inch", "17-inch"], "processor": ["i5", "i7", "i9"],
               "ram": ["8GB", "16GB", "32GB"]},
    "Air Purifier": {"room size": ["small", "medium", "large"], "filter type": ["HEPA", "carbon"],
                     "features": ["quiet operation", "smart sensors", "night mode"]},
    "Sneakers": {"size": ["6", "8", "10", "11"], "color": ["black", "white", "gray"],
                 "material": ["leather", "synthetic", "mesh"]},
    "Luggage Set": {"piece count": ["2-piece", "3-piece", "4-piece"],
                    "color": ["black", "silver", "red", "blue"], "material": ["softshell", "hardshell"]},
    "Portable Charger": {"capacity": ["5000mAh", "10000mAh", "20000mAh"], "output": ["USB-A", "USB-C", "Wireless"],
                         "color": ["black", "white", "blue"]},
    "Electric Kettle": {"capacity": ["1L", "1.5L", "2L"], "material": ["glass", "stainless steel", "plastic"],
                        "color": ["white", "black", "silver"]},
    "Hiking Boots": {"size": ["8", "9", "10", "11"], "material": ["leather", "synthetic"], "waterproof": ["yes", "no"]},
    "Desk Lamp": {"color": ["black", "white", "silver"], "brightness": ["low", "medium", "high"],
                  "power source": ["AC adapter", "USB", "battery"]},
    "Yoga Mat": {"thickness": ["4mm", "6mm", "8mm"], "material": ["PVC", "natural rubber", "TPE"],
                 "color": ["pink", "blue", "green", "purple"]},
    "Bluetooth Speaker": {"color": ["red", "blue", "black"], "battery life": ["10 hours", "20 hours"],
                          "water resistance": ["yes", "no"]},
    "Wristwatch": {"strap material": ["leather", "silicone", "metal"], "dial color": ["blue", "black", "white"]},
    "Office Chair": {"material": ["mesh", "leather", "fabric"], "color": ["black", "gray", "blue"],
                     "armrest": ["fixed", "adjustable", "none"]},
}


def dumps(obj) -> str:
    """Tool output text, serialized like the tau tools do (stdlib json, default separators)."""
    return json.dumps(obj)


def digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(10 ** (n - 1), 10 ** n - 1))


def err(msg: str) -> tuple[str, bool]:
    return "Error: " + msg, True


def person(rng: random.Random) -> dict:
    return {"first_name": rng.choice(FIRST), "last_name": rng.choice(LAST),
            "dob": f"{rng.randint(1950, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"}


def address(rng: random.Random, state_key: str = "state") -> dict:
    city, state, zip3 = rng.choice(CITIES)
    return {"address1": f"{rng.randint(100, 999)} {rng.choice(STREETS)}", "address2": f"Suite {rng.randint(100, 999)}",
            "city": city, "country": "USA", state_key: state, "zip": zip3 + digits(rng, 2)}


def build_catalog(rng: random.Random) -> dict:
    """Product catalog shared by all retail tasks of one run: name -> product."""
    catalog = {}
    for name, opts in PRODUCT_TYPES.items():
        variants = {}
        base = rng.uniform(40, 1900)
        for _ in range(rng.randint(5, 9)):
            item_id = digits(rng, 10)
            variants[item_id] = {"item_id": item_id, "options": {k: rng.choice(v) for k, v in opts.items()},
                                 "available": rng.random() < 0.7, "price": round(base * rng.uniform(0.85, 1.15), 2)}
        catalog[name] = {"name": name, "product_id": digits(rng, 10), "variants": variants}
    return catalog


def calculate(args: dict) -> tuple[str, bool]:
    expr = args.get("expression", "")
    if not all(ch in "0123456789+-*/(). " for ch in expr):
        return err("Invalid characters in expression")
    return str(round(float(eval(expr, {"__builtins__": None}, {})), 2)), False  # our own arithmetic only


class _World:
    """Shared dispatch + tools common to both tau domains."""

    domain = ""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.user: dict[str, Any] = {}
        self.user_id = ""

    def call(self, tool: str, args: dict) -> tuple[str, bool]:
        if tool == "calculate":
            return calculate(args)
        if tool == "think":
            return "", False
        if tool == "transfer_to_human_agents":
            return "Transfer successful", False
        return getattr(self, tool)(**args)

    def _new_user_id(self, p: dict) -> str:
        return f"{p['first_name'].lower()}_{p['last_name'].lower()}_{digits(self.rng, 4)}"


class Retail(_World):
    domain = "retail"

    def __init__(self, rng: random.Random, catalog: dict):
        super().__init__(rng)
        self.catalog = catalog
        p = person(rng)
        self.user_id = self._new_user_id(p)
        pms: dict[str, dict[str, Any]] = {}
        for source in rng.sample(["credit_card", "paypal", "gift_card"], rng.randint(1, 3)):
            pid = f"{source}_{digits(rng, 7)}"
            pm: dict[str, Any] = {"source": source, "id": pid}
            if source == "credit_card":
                pm.update(brand=rng.choice(["visa", "mastercard"]), last_four=digits(rng, 4))
            elif source == "gift_card":
                pm["balance"] = round(rng.uniform(10, 300), 2)
            pms[pid] = pm
        self.orders: dict[str, dict[str, Any]] = {}
        for _ in range(rng.randint(2, 5)):
            self._new_order(rng.choice(["pending", "pending", "delivered", "delivered", "processed"]), pms)
        self.user = {"user_id": self.user_id, "name": {"first_name": p["first_name"], "last_name": p["last_name"]},
                     "address": address(rng), "email": f"{p['first_name']}.{p['last_name']}{digits(rng, 4)}@example.com".lower(),
                     "payment_methods": pms, "orders": list(self.orders)}
        for o in self.orders.values():
            o["address"] = copy.deepcopy(self.user["address"])

    def _new_order(self, status: str, pms: dict) -> None:
        rng = self.rng
        oid = "#W" + digits(rng, 7)
        items = []
        for prod in rng.sample(list(self.catalog.values()), rng.randint(1, 4)):
            v = rng.choice(list(prod["variants"].values()))
            items.append({"name": prod["name"], "product_id": prod["product_id"], "item_id": v["item_id"],
                          "price": v["price"], "options": dict(v["options"])})
        fulfil = ([{"tracking_id": [digits(rng, 12)], "item_ids": [i["item_id"] for i in items]}]
                  if status != "pending" else [])
        self.orders[oid] = {
            "order_id": oid, "user_id": self.user_id, "address": {}, "items": items, "status": status,
            "fulfillments": fulfil,
            "payment_history": [{"transaction_type": "payment", "amount": round(sum(i["price"] for i in items), 2),
                                 "payment_method_id": rng.choice(list(pms))}],
            "cancel_reason": None, "exchange_items": None, "exchange_new_items": None,
            "exchange_payment_method_id": None, "exchange_price_difference": None,
            "return_items": None, "return_payment_method_id": None}

    def orders_with(self, *statuses: str) -> list[str]:
        return [k for k, o in self.orders.items() if o["status"] in statuses]

    def variant_swap(self, item: dict) -> str:
        """An item id of the same product with different options (for exchanges/modifications)."""
        prod = self.catalog[item["name"]]
        others = [k for k in prod["variants"] if k != item["item_id"]]
        return self.rng.choice(others)

    # --- tools -------------------------------------------------------------------
    def find_user_id_by_name_zip(self, first_name, last_name, zip):
        u = self.user
        if (u["name"]["first_name"], u["name"]["last_name"], u["address"]["zip"]) == (first_name, last_name, zip):
            return self.user_id, False
        return err("User not found")

    def find_user_id_by_email(self, email):
        return (self.user_id, False) if email == self.user["email"] else err("User not found")

    def get_user_details(self, user_id):
        return (dumps(self.user), False) if user_id == self.user_id else err("User not found")

    def get_order_details(self, order_id):
        return (dumps(self.orders[order_id]), False) if order_id in self.orders else err("Order not found")

    def get_product_details(self, product_id):
        for prod in self.catalog.values():
            if prod["product_id"] == product_id:
                return dumps(prod), False
        return err("Product not found")

    def list_all_product_types(self):
        return dumps({n: p["product_id"] for n, p in sorted(self.catalog.items())}), False

    def _pending(self, order_id, verb="modified"):
        if order_id not in self.orders:
            return None, err("Order not found")
        o = self.orders[order_id]
        if not o["status"].startswith("pending"):
            return None, err(f"Non-pending order cannot be {verb}")
        return o, None

    def modify_pending_order_address(self, order_id, address1, address2, city, state, country, zip):
        o, e = self._pending(order_id)
        if e:
            return e
        o["address"] = {"address1": address1, "address2": address2, "city": city, "country": country,
                        "state": state, "zip": zip}
        return dumps(o), False

    def modify_pending_order_payment(self, order_id, payment_method_id):
        o, e = self._pending(order_id)
        if e:
            return e
        old = o["payment_history"][0]
        o["payment_history"] += [{"transaction_type": "payment", "amount": old["amount"], "payment_method_id": payment_method_id},
                                 {"transaction_type": "refund", "amount": old["amount"], "payment_method_id": old["payment_method_id"]}]
        return dumps(o), False

    def modify_pending_order_items(self, order_id, item_ids, new_item_ids, payment_method_id):
        o, e = self._pending(order_id)
        if e:
            return e
        if len(item_ids) != len(new_item_ids):
            return err("The number of items to be exchanged should match")
        diff = 0.0
        for old, new in zip(item_ids, new_item_ids, strict=False):
            it = next(i for i in o["items"] if i["item_id"] == old)
            v = self.catalog[it["name"]]["variants"][new]
            diff += v["price"] - it["price"]
            it.update(item_id=new, price=v["price"], options=dict(v["options"]))
        o["status"] = "pending (item modified)"
        o["payment_history"].append({"transaction_type": "payment" if diff >= 0 else "refund",
                                     "amount": round(abs(diff), 2), "payment_method_id": payment_method_id})
        return dumps(o), False

    def cancel_pending_order(self, order_id, reason):
        o, e = self._pending(order_id, "cancelled")
        if e:
            return e
        pay = o["payment_history"][0]
        o.update(status="cancelled", cancel_reason=reason)
        o["payment_history"].append({"transaction_type": "refund", "amount": pay["amount"],
                                     "payment_method_id": pay["payment_method_id"]})
        return dumps(o), False

    def _delivered(self, order_id, verb):
        if order_id not in self.orders:
            return None, err("Order not found")
        o = self.orders[order_id]
        return (o, None) if o["status"] == "delivered" else (None, err(f"Non-delivered order cannot be {verb}"))

    def return_delivered_order_items(self, order_id, item_ids, payment_method_id):
        o, e = self._delivered(order_id, "returned")
        if e:
            return e
        o.update(status="return requested", return_items=sorted(item_ids), return_payment_method_id=payment_method_id)
        return dumps(o), False

    def exchange_delivered_order_items(self, order_id, item_ids, new_item_ids, payment_method_id):
        o, e = self._delivered(order_id, "exchanged")
        if e:
            return e
        diff = sum(self.catalog[i["name"]]["variants"][n]["price"] - i["price"]
                   for i in o["items"] for old, n in zip(item_ids, new_item_ids, strict=False) if i["item_id"] == old)
        o.update(status="exchange requested", exchange_items=sorted(item_ids), exchange_new_items=sorted(new_item_ids),
                 exchange_payment_method_id=payment_method_id, exchange_price_difference=round(diff, 2))
        return dumps(o), False

    def modify_user_address(self, user_id, address1, address2, city, state, country, zip):
        if user_id != self.user_id:
            return err("User not found")
        self.user["address"] = {"address1": address1, "address2": address2, "city": city, "country": country,
                                "state": state, "zip": zip}
        return dumps(self.user), False


class Airline(_World):
    domain = "airline"

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        p = person(rng)
        self.user_id = self._new_user_id(p)
        pms: dict[str, dict[str, Any]] = {}
        for source in ["credit_card"] + rng.sample(["certificate", "gift_card", "credit_card"], rng.randint(0, 2)):
            pid = f"{source}_{digits(rng, 7)}"
            pm: dict[str, Any] = {"source": source}
            if source == "credit_card":
                pm.update(brand=rng.choice(["visa", "mastercard"]), last_four=digits(rng, 4))
            else:
                pm["amount"] = rng.choice([50, 100, 150, 250, 500])
            pms[pid] = {**pm, "id": pid}
        self.payment_ids = list(pms)
        self.flights: dict[tuple, list] = {}  # search cache: (origin, destination, date) -> direct flights
        self.reservations: dict[str, dict[str, Any]] = {}
        self.user = {"name": {"first_name": p["first_name"], "last_name": p["last_name"]},
                     "address": address(rng, "province"), "email": f"{p['first_name']}.{p['last_name']}{digits(rng, 4)}@example.com".lower(),
                     "dob": p["dob"], "payment_methods": pms, "saved_passengers": [person(rng) for _ in range(rng.randint(0, 2))],
                     "membership": rng.choice(["regular", "silver", "gold"]), "reservations": []}
        self.me = p
        for _ in range(rng.randint(2, 4)):
            self._new_reservation()

    def date(self) -> str:
        return f"2024-05-{self.rng.randint(10, 30):02d}"

    def _flight(self, origin, destination, date=None) -> dict:
        rng = self.rng
        dep = rng.randint(0, 21)
        f = {"flight_number": f"HAT{rng.randint(1, 299):03d}", "origin": origin, "destination": destination,
             "scheduled_departure_time_est": f"{dep:02d}:00:00", "scheduled_arrival_time_est": f"{(dep + rng.randint(1, 6)) % 24:02d}:{rng.choice(['00', '30'])}:00",
             "status": "available", "available_seats": {c: rng.randint(0, 20) for c in CABINS},
             "prices": {"basic_economy": rng.randint(50, 100), "economy": rng.randint(100, 200), "business": rng.randint(200, 500)}}
        if date:
            f["date"] = date
        return f

    def _new_reservation(self, origin=None, destination=None, cabin=None, legs=None, passengers=None) -> str:
        rng = self.rng
        rid = "".join(rng.choices(string.ascii_uppercase + string.digits, k=6))
        origin, destination = origin or rng.choice(AIRPORTS), destination or rng.choice(AIRPORTS)
        cabin = cabin or rng.choice(CABINS)
        if legs is None:
            date = self.date()
            legs = [{"origin": origin, "destination": destination, "flight_number": f"HAT{rng.randint(1, 299):03d}",
                     "date": date, "price": rng.randint(50, 500)}]
        passengers = passengers or [dict(self.me)] + [person(rng) for _ in range(rng.randint(0, 2))]
        total = sum(leg["price"] for leg in legs) * len(passengers)
        self.reservations[rid] = {
            "reservation_id": rid, "user_id": self.user_id, "origin": origin, "destination": destination,
            "flight_type": rng.choice(["one_way", "round_trip"]), "cabin": cabin, "flights": legs, "passengers": passengers,
            "payment_history": [{"payment_id": self.payment_ids[0], "amount": total}],
            "created_at": f"2024-05-{rng.randint(1, 9):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
            "total_baggages": rng.randint(0, 3), "nonfree_baggages": 0, "insurance": rng.choice(["yes", "no"])}
        self.user["reservations"].append(rid)
        return rid

    def perturb_search(self, origin, destination, date) -> None:
        """Between two identical searches: one flight sells out / disappears, a new one appears, seats move."""
        flights = self.flights.get((origin, destination, date))
        if flights:
            flights.pop(self.rng.randrange(len(flights)))
            for f in flights:
                f["available_seats"]["economy"] = max(0, f["available_seats"]["economy"] - self.rng.randint(1, 3))
            flights.append(self._flight(origin, destination))

    # --- tools -------------------------------------------------------------------
    def get_user_details(self, user_id):
        return (dumps(self.user), False) if user_id == self.user_id else err(f"User {user_id} not found")

    def get_reservation_details(self, reservation_id):
        r = self.reservations.get(reservation_id)
        return (dumps(r), False) if r else err(f"Reservation {reservation_id} not found")

    def search_direct_flight(self, origin, destination, date):
        key = (origin, destination, date)
        if key not in self.flights:
            self.flights[key] = [self._flight(origin, destination) for _ in range(self.rng.randint(0, 4))]
        return dumps(self.flights[key]), False

    def search_onestop_flight(self, origin, destination, date):
        pairs = []
        for _ in range(self.rng.randint(1, 4)):
            via = self.rng.choice([a for a in AIRPORTS if a not in (origin, destination)])
            pairs.append([self._flight(origin, via, date), self._flight(via, destination, date)])
        return dumps(pairs), False

    def get_flight_status(self, flight_number, date):
        r = self.rng.random()
        return ("available" if r < 0.7 else "landed" if r < 0.85 else "delayed" if r < 0.97 else "cancelled"), False

    def update_reservation_baggages(self, reservation_id, total_baggages, nonfree_baggages, payment_id):
        r = self.reservations.get(reservation_id)
        if not r:
            return err(f"Reservation {reservation_id} not found")
        if payment_id not in self.user["payment_methods"]:
            return err("Payment method not found")
        r.update(total_baggages=total_baggages, nonfree_baggages=nonfree_baggages)
        if nonfree_baggages:
            r["payment_history"].append({"payment_id": payment_id, "amount": 50 * nonfree_baggages})
        return dumps(r), False

    def update_reservation_flights(self, reservation_id, cabin, flights, payment_id):
        r = self.reservations.get(reservation_id)
        if not r:
            return err(f"Reservation {reservation_id} not found")
        old = sum(f["price"] for f in r["flights"])
        r["flights"] = [{**f, "price": self.rng.randint(60, 500), "origin": r["origin"], "destination": r["destination"]}
                        for f in flights]
        r["cabin"] = cabin
        r["payment_history"].append({"payment_id": payment_id,
                                     "amount": (sum(f["price"] for f in r["flights"]) - old) * len(r["passengers"])})
        return dumps(r), False

    def update_reservation_passengers(self, reservation_id, passengers):
        r = self.reservations.get(reservation_id)
        if not r:
            return err(f"Reservation {reservation_id} not found")
        if len(passengers) != len(r["passengers"]):
            return err("Number of passengers does not match")
        r["passengers"] = passengers
        return dumps(r), False

    def book_reservation(self, user_id, origin, destination, flight_type, cabin, flights, passengers,
                         payment_methods, total_baggages, nonfree_baggages, insurance):
        legs = [{**f, "price": self.rng.randint(60, 300), "origin": origin, "destination": destination} for f in flights]
        rid = self._new_reservation(origin, destination, cabin, legs, passengers)
        r = self.reservations[rid]
        r.update(flight_type=flight_type, payment_history=payment_methods, total_baggages=total_baggages,
                 nonfree_baggages=nonfree_baggages, insurance=insurance, created_at="2024-05-15T15:00:00")
        return dumps(r), False

    def cancel_reservation(self, reservation_id):
        r = self.reservations.get(reservation_id)
        if not r:
            return err(f"Reservation {reservation_id} not found")
        r["payment_history"] += [{"payment_id": p["payment_id"], "amount": -p["amount"]} for p in list(r["payment_history"])]
        r["status"] = "cancelled"
        return dumps(r), False

    def send_certificate(self, user_id, amount):
        return f"Certificate certificate_{digits(self.rng, 7)} added to user {user_id} with amount {amount}.", False
