// The protocol classes the in-process servers lease, one per running
// server (see ``StubURLProtocol``): a class is the only thing a session
// hands a `URLProtocol` on every platform. Generated; 256 servers at once
// (a parallel test run keeps a server per test waiting at an `await`).

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
        Slot64.self, Slot65.self, Slot66.self, Slot67.self, Slot68.self, Slot69.self, Slot70.self, Slot71.self,
        Slot72.self, Slot73.self, Slot74.self, Slot75.self, Slot76.self, Slot77.self, Slot78.self, Slot79.self,
        Slot80.self, Slot81.self, Slot82.self, Slot83.self, Slot84.self, Slot85.self, Slot86.self, Slot87.self,
        Slot88.self, Slot89.self, Slot90.self, Slot91.self, Slot92.self, Slot93.self, Slot94.self, Slot95.self,
        Slot96.self, Slot97.self, Slot98.self, Slot99.self, Slot100.self, Slot101.self, Slot102.self, Slot103.self,
        Slot104.self, Slot105.self, Slot106.self, Slot107.self, Slot108.self, Slot109.self, Slot110.self, Slot111.self,
        Slot112.self, Slot113.self, Slot114.self, Slot115.self, Slot116.self, Slot117.self, Slot118.self, Slot119.self,
        Slot120.self, Slot121.self, Slot122.self, Slot123.self, Slot124.self, Slot125.self, Slot126.self, Slot127.self,
        Slot128.self, Slot129.self, Slot130.self, Slot131.self, Slot132.self, Slot133.self, Slot134.self, Slot135.self,
        Slot136.self, Slot137.self, Slot138.self, Slot139.self, Slot140.self, Slot141.self, Slot142.self, Slot143.self,
        Slot144.self, Slot145.self, Slot146.self, Slot147.self, Slot148.self, Slot149.self, Slot150.self, Slot151.self,
        Slot152.self, Slot153.self, Slot154.self, Slot155.self, Slot156.self, Slot157.self, Slot158.self, Slot159.self,
        Slot160.self, Slot161.self, Slot162.self, Slot163.self, Slot164.self, Slot165.self, Slot166.self, Slot167.self,
        Slot168.self, Slot169.self, Slot170.self, Slot171.self, Slot172.self, Slot173.self, Slot174.self, Slot175.self,
        Slot176.self, Slot177.self, Slot178.self, Slot179.self, Slot180.self, Slot181.self, Slot182.self, Slot183.self,
        Slot184.self, Slot185.self, Slot186.self, Slot187.self, Slot188.self, Slot189.self, Slot190.self, Slot191.self,
        Slot192.self, Slot193.self, Slot194.self, Slot195.self, Slot196.self, Slot197.self, Slot198.self, Slot199.self,
        Slot200.self, Slot201.self, Slot202.self, Slot203.self, Slot204.self, Slot205.self, Slot206.self, Slot207.self,
        Slot208.self, Slot209.self, Slot210.self, Slot211.self, Slot212.self, Slot213.self, Slot214.self, Slot215.self,
        Slot216.self, Slot217.self, Slot218.self, Slot219.self, Slot220.self, Slot221.self, Slot222.self, Slot223.self,
        Slot224.self, Slot225.self, Slot226.self, Slot227.self, Slot228.self, Slot229.self, Slot230.self, Slot231.self,
        Slot232.self, Slot233.self, Slot234.self, Slot235.self, Slot236.self, Slot237.self, Slot238.self, Slot239.self,
        Slot240.self, Slot241.self, Slot242.self, Slot243.self, Slot244.self, Slot245.self, Slot246.self, Slot247.self,
        Slot248.self, Slot249.self, Slot250.self, Slot251.self, Slot252.self, Slot253.self, Slot254.self, Slot255.self,
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
final class Slot64: StubURLProtocol { override class var slot: Int { 64 } }
final class Slot65: StubURLProtocol { override class var slot: Int { 65 } }
final class Slot66: StubURLProtocol { override class var slot: Int { 66 } }
final class Slot67: StubURLProtocol { override class var slot: Int { 67 } }
final class Slot68: StubURLProtocol { override class var slot: Int { 68 } }
final class Slot69: StubURLProtocol { override class var slot: Int { 69 } }
final class Slot70: StubURLProtocol { override class var slot: Int { 70 } }
final class Slot71: StubURLProtocol { override class var slot: Int { 71 } }
final class Slot72: StubURLProtocol { override class var slot: Int { 72 } }
final class Slot73: StubURLProtocol { override class var slot: Int { 73 } }
final class Slot74: StubURLProtocol { override class var slot: Int { 74 } }
final class Slot75: StubURLProtocol { override class var slot: Int { 75 } }
final class Slot76: StubURLProtocol { override class var slot: Int { 76 } }
final class Slot77: StubURLProtocol { override class var slot: Int { 77 } }
final class Slot78: StubURLProtocol { override class var slot: Int { 78 } }
final class Slot79: StubURLProtocol { override class var slot: Int { 79 } }
final class Slot80: StubURLProtocol { override class var slot: Int { 80 } }
final class Slot81: StubURLProtocol { override class var slot: Int { 81 } }
final class Slot82: StubURLProtocol { override class var slot: Int { 82 } }
final class Slot83: StubURLProtocol { override class var slot: Int { 83 } }
final class Slot84: StubURLProtocol { override class var slot: Int { 84 } }
final class Slot85: StubURLProtocol { override class var slot: Int { 85 } }
final class Slot86: StubURLProtocol { override class var slot: Int { 86 } }
final class Slot87: StubURLProtocol { override class var slot: Int { 87 } }
final class Slot88: StubURLProtocol { override class var slot: Int { 88 } }
final class Slot89: StubURLProtocol { override class var slot: Int { 89 } }
final class Slot90: StubURLProtocol { override class var slot: Int { 90 } }
final class Slot91: StubURLProtocol { override class var slot: Int { 91 } }
final class Slot92: StubURLProtocol { override class var slot: Int { 92 } }
final class Slot93: StubURLProtocol { override class var slot: Int { 93 } }
final class Slot94: StubURLProtocol { override class var slot: Int { 94 } }
final class Slot95: StubURLProtocol { override class var slot: Int { 95 } }
final class Slot96: StubURLProtocol { override class var slot: Int { 96 } }
final class Slot97: StubURLProtocol { override class var slot: Int { 97 } }
final class Slot98: StubURLProtocol { override class var slot: Int { 98 } }
final class Slot99: StubURLProtocol { override class var slot: Int { 99 } }
final class Slot100: StubURLProtocol { override class var slot: Int { 100 } }
final class Slot101: StubURLProtocol { override class var slot: Int { 101 } }
final class Slot102: StubURLProtocol { override class var slot: Int { 102 } }
final class Slot103: StubURLProtocol { override class var slot: Int { 103 } }
final class Slot104: StubURLProtocol { override class var slot: Int { 104 } }
final class Slot105: StubURLProtocol { override class var slot: Int { 105 } }
final class Slot106: StubURLProtocol { override class var slot: Int { 106 } }
final class Slot107: StubURLProtocol { override class var slot: Int { 107 } }
final class Slot108: StubURLProtocol { override class var slot: Int { 108 } }
final class Slot109: StubURLProtocol { override class var slot: Int { 109 } }
final class Slot110: StubURLProtocol { override class var slot: Int { 110 } }
final class Slot111: StubURLProtocol { override class var slot: Int { 111 } }
final class Slot112: StubURLProtocol { override class var slot: Int { 112 } }
final class Slot113: StubURLProtocol { override class var slot: Int { 113 } }
final class Slot114: StubURLProtocol { override class var slot: Int { 114 } }
final class Slot115: StubURLProtocol { override class var slot: Int { 115 } }
final class Slot116: StubURLProtocol { override class var slot: Int { 116 } }
final class Slot117: StubURLProtocol { override class var slot: Int { 117 } }
final class Slot118: StubURLProtocol { override class var slot: Int { 118 } }
final class Slot119: StubURLProtocol { override class var slot: Int { 119 } }
final class Slot120: StubURLProtocol { override class var slot: Int { 120 } }
final class Slot121: StubURLProtocol { override class var slot: Int { 121 } }
final class Slot122: StubURLProtocol { override class var slot: Int { 122 } }
final class Slot123: StubURLProtocol { override class var slot: Int { 123 } }
final class Slot124: StubURLProtocol { override class var slot: Int { 124 } }
final class Slot125: StubURLProtocol { override class var slot: Int { 125 } }
final class Slot126: StubURLProtocol { override class var slot: Int { 126 } }
final class Slot127: StubURLProtocol { override class var slot: Int { 127 } }
final class Slot128: StubURLProtocol { override class var slot: Int { 128 } }
final class Slot129: StubURLProtocol { override class var slot: Int { 129 } }
final class Slot130: StubURLProtocol { override class var slot: Int { 130 } }
final class Slot131: StubURLProtocol { override class var slot: Int { 131 } }
final class Slot132: StubURLProtocol { override class var slot: Int { 132 } }
final class Slot133: StubURLProtocol { override class var slot: Int { 133 } }
final class Slot134: StubURLProtocol { override class var slot: Int { 134 } }
final class Slot135: StubURLProtocol { override class var slot: Int { 135 } }
final class Slot136: StubURLProtocol { override class var slot: Int { 136 } }
final class Slot137: StubURLProtocol { override class var slot: Int { 137 } }
final class Slot138: StubURLProtocol { override class var slot: Int { 138 } }
final class Slot139: StubURLProtocol { override class var slot: Int { 139 } }
final class Slot140: StubURLProtocol { override class var slot: Int { 140 } }
final class Slot141: StubURLProtocol { override class var slot: Int { 141 } }
final class Slot142: StubURLProtocol { override class var slot: Int { 142 } }
final class Slot143: StubURLProtocol { override class var slot: Int { 143 } }
final class Slot144: StubURLProtocol { override class var slot: Int { 144 } }
final class Slot145: StubURLProtocol { override class var slot: Int { 145 } }
final class Slot146: StubURLProtocol { override class var slot: Int { 146 } }
final class Slot147: StubURLProtocol { override class var slot: Int { 147 } }
final class Slot148: StubURLProtocol { override class var slot: Int { 148 } }
final class Slot149: StubURLProtocol { override class var slot: Int { 149 } }
final class Slot150: StubURLProtocol { override class var slot: Int { 150 } }
final class Slot151: StubURLProtocol { override class var slot: Int { 151 } }
final class Slot152: StubURLProtocol { override class var slot: Int { 152 } }
final class Slot153: StubURLProtocol { override class var slot: Int { 153 } }
final class Slot154: StubURLProtocol { override class var slot: Int { 154 } }
final class Slot155: StubURLProtocol { override class var slot: Int { 155 } }
final class Slot156: StubURLProtocol { override class var slot: Int { 156 } }
final class Slot157: StubURLProtocol { override class var slot: Int { 157 } }
final class Slot158: StubURLProtocol { override class var slot: Int { 158 } }
final class Slot159: StubURLProtocol { override class var slot: Int { 159 } }
final class Slot160: StubURLProtocol { override class var slot: Int { 160 } }
final class Slot161: StubURLProtocol { override class var slot: Int { 161 } }
final class Slot162: StubURLProtocol { override class var slot: Int { 162 } }
final class Slot163: StubURLProtocol { override class var slot: Int { 163 } }
final class Slot164: StubURLProtocol { override class var slot: Int { 164 } }
final class Slot165: StubURLProtocol { override class var slot: Int { 165 } }
final class Slot166: StubURLProtocol { override class var slot: Int { 166 } }
final class Slot167: StubURLProtocol { override class var slot: Int { 167 } }
final class Slot168: StubURLProtocol { override class var slot: Int { 168 } }
final class Slot169: StubURLProtocol { override class var slot: Int { 169 } }
final class Slot170: StubURLProtocol { override class var slot: Int { 170 } }
final class Slot171: StubURLProtocol { override class var slot: Int { 171 } }
final class Slot172: StubURLProtocol { override class var slot: Int { 172 } }
final class Slot173: StubURLProtocol { override class var slot: Int { 173 } }
final class Slot174: StubURLProtocol { override class var slot: Int { 174 } }
final class Slot175: StubURLProtocol { override class var slot: Int { 175 } }
final class Slot176: StubURLProtocol { override class var slot: Int { 176 } }
final class Slot177: StubURLProtocol { override class var slot: Int { 177 } }
final class Slot178: StubURLProtocol { override class var slot: Int { 178 } }
final class Slot179: StubURLProtocol { override class var slot: Int { 179 } }
final class Slot180: StubURLProtocol { override class var slot: Int { 180 } }
final class Slot181: StubURLProtocol { override class var slot: Int { 181 } }
final class Slot182: StubURLProtocol { override class var slot: Int { 182 } }
final class Slot183: StubURLProtocol { override class var slot: Int { 183 } }
final class Slot184: StubURLProtocol { override class var slot: Int { 184 } }
final class Slot185: StubURLProtocol { override class var slot: Int { 185 } }
final class Slot186: StubURLProtocol { override class var slot: Int { 186 } }
final class Slot187: StubURLProtocol { override class var slot: Int { 187 } }
final class Slot188: StubURLProtocol { override class var slot: Int { 188 } }
final class Slot189: StubURLProtocol { override class var slot: Int { 189 } }
final class Slot190: StubURLProtocol { override class var slot: Int { 190 } }
final class Slot191: StubURLProtocol { override class var slot: Int { 191 } }
final class Slot192: StubURLProtocol { override class var slot: Int { 192 } }
final class Slot193: StubURLProtocol { override class var slot: Int { 193 } }
final class Slot194: StubURLProtocol { override class var slot: Int { 194 } }
final class Slot195: StubURLProtocol { override class var slot: Int { 195 } }
final class Slot196: StubURLProtocol { override class var slot: Int { 196 } }
final class Slot197: StubURLProtocol { override class var slot: Int { 197 } }
final class Slot198: StubURLProtocol { override class var slot: Int { 198 } }
final class Slot199: StubURLProtocol { override class var slot: Int { 199 } }
final class Slot200: StubURLProtocol { override class var slot: Int { 200 } }
final class Slot201: StubURLProtocol { override class var slot: Int { 201 } }
final class Slot202: StubURLProtocol { override class var slot: Int { 202 } }
final class Slot203: StubURLProtocol { override class var slot: Int { 203 } }
final class Slot204: StubURLProtocol { override class var slot: Int { 204 } }
final class Slot205: StubURLProtocol { override class var slot: Int { 205 } }
final class Slot206: StubURLProtocol { override class var slot: Int { 206 } }
final class Slot207: StubURLProtocol { override class var slot: Int { 207 } }
final class Slot208: StubURLProtocol { override class var slot: Int { 208 } }
final class Slot209: StubURLProtocol { override class var slot: Int { 209 } }
final class Slot210: StubURLProtocol { override class var slot: Int { 210 } }
final class Slot211: StubURLProtocol { override class var slot: Int { 211 } }
final class Slot212: StubURLProtocol { override class var slot: Int { 212 } }
final class Slot213: StubURLProtocol { override class var slot: Int { 213 } }
final class Slot214: StubURLProtocol { override class var slot: Int { 214 } }
final class Slot215: StubURLProtocol { override class var slot: Int { 215 } }
final class Slot216: StubURLProtocol { override class var slot: Int { 216 } }
final class Slot217: StubURLProtocol { override class var slot: Int { 217 } }
final class Slot218: StubURLProtocol { override class var slot: Int { 218 } }
final class Slot219: StubURLProtocol { override class var slot: Int { 219 } }
final class Slot220: StubURLProtocol { override class var slot: Int { 220 } }
final class Slot221: StubURLProtocol { override class var slot: Int { 221 } }
final class Slot222: StubURLProtocol { override class var slot: Int { 222 } }
final class Slot223: StubURLProtocol { override class var slot: Int { 223 } }
final class Slot224: StubURLProtocol { override class var slot: Int { 224 } }
final class Slot225: StubURLProtocol { override class var slot: Int { 225 } }
final class Slot226: StubURLProtocol { override class var slot: Int { 226 } }
final class Slot227: StubURLProtocol { override class var slot: Int { 227 } }
final class Slot228: StubURLProtocol { override class var slot: Int { 228 } }
final class Slot229: StubURLProtocol { override class var slot: Int { 229 } }
final class Slot230: StubURLProtocol { override class var slot: Int { 230 } }
final class Slot231: StubURLProtocol { override class var slot: Int { 231 } }
final class Slot232: StubURLProtocol { override class var slot: Int { 232 } }
final class Slot233: StubURLProtocol { override class var slot: Int { 233 } }
final class Slot234: StubURLProtocol { override class var slot: Int { 234 } }
final class Slot235: StubURLProtocol { override class var slot: Int { 235 } }
final class Slot236: StubURLProtocol { override class var slot: Int { 236 } }
final class Slot237: StubURLProtocol { override class var slot: Int { 237 } }
final class Slot238: StubURLProtocol { override class var slot: Int { 238 } }
final class Slot239: StubURLProtocol { override class var slot: Int { 239 } }
final class Slot240: StubURLProtocol { override class var slot: Int { 240 } }
final class Slot241: StubURLProtocol { override class var slot: Int { 241 } }
final class Slot242: StubURLProtocol { override class var slot: Int { 242 } }
final class Slot243: StubURLProtocol { override class var slot: Int { 243 } }
final class Slot244: StubURLProtocol { override class var slot: Int { 244 } }
final class Slot245: StubURLProtocol { override class var slot: Int { 245 } }
final class Slot246: StubURLProtocol { override class var slot: Int { 246 } }
final class Slot247: StubURLProtocol { override class var slot: Int { 247 } }
final class Slot248: StubURLProtocol { override class var slot: Int { 248 } }
final class Slot249: StubURLProtocol { override class var slot: Int { 249 } }
final class Slot250: StubURLProtocol { override class var slot: Int { 250 } }
final class Slot251: StubURLProtocol { override class var slot: Int { 251 } }
final class Slot252: StubURLProtocol { override class var slot: Int { 252 } }
final class Slot253: StubURLProtocol { override class var slot: Int { 253 } }
final class Slot254: StubURLProtocol { override class var slot: Int { 254 } }
final class Slot255: StubURLProtocol { override class var slot: Int { 255 } }
