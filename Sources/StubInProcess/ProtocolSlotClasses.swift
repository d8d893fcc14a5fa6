// The protocol classes the in-process servers lease, one per running
// server (see ``StubURLProtocol``): a class is the only thing a session
// hands a `URLProtocol` on every platform. Generated; 64 servers at once.

extension ProtocolSlots {
    /// Every slot's class, by slot.
    static let classes: [StubURLProtocol.Type] = [
        Slot0.self, Slot1.self, Slot2.self, Slot3.self, Slot4.self, Slot5.self, Slot6.self, Slot7.self,
        Slot8.self, Slot9.self, Slot10.self, Slot11.self, Slot12.self, Slot13.self, Slot14.self, Slot15.self,
        Slot16.self, Slot17.self, Slot18.self, Slot19.self, Slot20.self, Slot21.self, Slot22.self, Slot23.self,
        Slot24.self, Slot25.self, Slot26.self, Slot27.self, Slot28.self, Slot29.self, Slot30.self, Slot31.self,
        Slot32.self, Slot33.self, Slot34.self, Slot35.self, Slot36.self, Slot37.self, Slot38.self, Slot39.self,
        Slot40.self, Slot41.self, Slot42.self, Slot43.self, Slot44.self, Slot45.self, Slot46.self, Slot47.self,
        Slot48.self, Slot49.self, Slot50.self, Slot51.self, Slot52.self, Slot53.self, Slot54.self, Slot55.self,
        Slot56.self, Slot57.self, Slot58.self, Slot59.self, Slot60.self, Slot61.self, Slot62.self, Slot63.self,
    ]
}

final class Slot0: StubURLProtocol { override class var slot: Int { 0 } }
final class Slot1: StubURLProtocol { override class var slot: Int { 1 } }
final class Slot2: StubURLProtocol { override class var slot: Int { 2 } }
final class Slot3: StubURLProtocol { override class var slot: Int { 3 } }
final class Slot4: StubURLProtocol { override class var slot: Int { 4 } }
final class Slot5: StubURLProtocol { override class var slot: Int { 5 } }
final class Slot6: StubURLProtocol { override class var slot: Int { 6 } }
final class Slot7: StubURLProtocol { override class var slot: Int { 7 } }
final class Slot8: StubURLProtocol { override class var slot: Int { 8 } }
final class Slot9: StubURLProtocol { override class var slot: Int { 9 } }
final class Slot10: StubURLProtocol { override class var slot: Int { 10 } }
final class Slot11: StubURLProtocol { override class var slot: Int { 11 } }
final class Slot12: StubURLProtocol { override class var slot: Int { 12 } }
final class Slot13: StubURLProtocol { override class var slot: Int { 13 } }
final class Slot14: StubURLProtocol { override class var slot: Int { 14 } }
final class Slot15: StubURLProtocol { override class var slot: Int { 15 } }
final class Slot16: StubURLProtocol { override class var slot: Int { 16 } }
final class Slot17: StubURLProtocol { override class var slot: Int { 17 } }
final class Slot18: StubURLProtocol { override class var slot: Int { 18 } }
final class Slot19: StubURLProtocol { override class var slot: Int { 19 } }
final class Slot20: StubURLProtocol { override class var slot: Int { 20 } }
final class Slot21: StubURLProtocol { override class var slot: Int { 21 } }
final class Slot22: StubURLProtocol { override class var slot: Int { 22 } }
final class Slot23: StubURLProtocol { override class var slot: Int { 23 } }
final class Slot24: StubURLProtocol { override class var slot: Int { 24 } }
final class Slot25: StubURLProtocol { override class var slot: Int { 25 } }
final class Slot26: StubURLProtocol { override class var slot: Int { 26 } }
final class Slot27: StubURLProtocol { override class var slot: Int { 27 } }
final class Slot28: StubURLProtocol { override class var slot: Int { 28 } }
final class Slot29: StubURLProtocol { override class var slot: Int { 29 } }
final class Slot30: StubURLProtocol { override class var slot: Int { 30 } }
final class Slot31: StubURLProtocol { override class var slot: Int { 31 } }
final class Slot32: StubURLProtocol { override class var slot: Int { 32 } }
final class Slot33: StubURLProtocol { override class var slot: Int { 33 } }
final class Slot34: StubURLProtocol { override class var slot: Int { 34 } }
final class Slot35: StubURLProtocol { override class var slot: Int { 35 } }
final class Slot36: StubURLProtocol { override class var slot: Int { 36 } }
final class Slot37: StubURLProtocol { override class var slot: Int { 37 } }
final class Slot38: StubURLProtocol { override class var slot: Int { 38 } }
final class Slot39: StubURLProtocol { override class var slot: Int { 39 } }
final class Slot40: StubURLProtocol { override class var slot: Int { 40 } }
final class Slot41: StubURLProtocol { override class var slot: Int { 41 } }
final class Slot42: StubURLProtocol { override class var slot: Int { 42 } }
final class Slot43: StubURLProtocol { override class var slot: Int { 43 } }
final class Slot44: StubURLProtocol { override class var slot: Int { 44 } }
final class Slot45: StubURLProtocol { override class var slot: Int { 45 } }
final class Slot46: StubURLProtocol { override class var slot: Int { 46 } }
final class Slot47: StubURLProtocol { override class var slot: Int { 47 } }
final class Slot48: StubURLProtocol { override class var slot: Int { 48 } }
final class Slot49: StubURLProtocol { override class var slot: Int { 49 } }
final class Slot50: StubURLProtocol { override class var slot: Int { 50 } }
final class Slot51: StubURLProtocol { override class var slot: Int { 51 } }
final class Slot52: StubURLProtocol { override class var slot: Int { 52 } }
final class Slot53: StubURLProtocol { override class var slot: Int { 53 } }
final class Slot54: StubURLProtocol { override class var slot: Int { 54 } }
final class Slot55: StubURLProtocol { override class var slot: Int { 55 } }
final class Slot56: StubURLProtocol { override class var slot: Int { 56 } }
final class Slot57: StubURLProtocol { override class var slot: Int { 57 } }
final class Slot58: StubURLProtocol { override class var slot: Int { 58 } }
final class Slot59: StubURLProtocol { override class var slot: Int { 59 } }
final class Slot60: StubURLProtocol { override class var slot: Int { 60 } }
final class Slot61: StubURLProtocol { override class var slot: Int { 61 } }
final class Slot62: StubURLProtocol { override class var slot: Int { 62 } }
final class Slot63: StubURLProtocol { override class var slot: Int { 63 } }
