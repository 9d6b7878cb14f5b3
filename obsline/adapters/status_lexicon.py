"""Error words of many languages, by meaning: what the status readers look for in a tool's text.

Written from public knowledge of how software says these things (the UI string catalogs of
operating systems, browsers and well-known applications use the same few phrases for "error",
"not found", "access denied", "timed out", "too many requests", "try again later", "invalid",
"cancelled"...), for languages beyond the 16 of the first rules: Hebrew, Greek, Thai, Hindi,
Bengali, Tamil, Urdu, Persian, Swedish, Danish, Norwegian, Icelandic, Finnish, Estonian,
Latvian, Lithuanian, Czech, Slovak, Slovenian, Croatian/Serbian/Bosnian, Bulgarian, Ukrainian,
Belarusian, Romanian, Hungarian, Catalan, Galician, Basque, Albanian, Malay, Filipino, Swahili,
Afrikaans, Georgian, Armenian, Azerbaijani, Kazakh, Uzbek, Mongolian, Amharic.

Each table maps a meaning to phrases (lowered, as written, no regex): ``error_codes`` joins
them into its ordered families, so a phrase here decides only where no more specific phrase
of an earlier family stands. Stems are used where a language inflects the word ("nalezen" for
nalezen/nalezena/nalezeno). A phrase must not be an ordinary word of another language's
sentences: short words that mean "error" in one language and something else elsewhere (fel,
hiba, feil) are read only as a line's first word before a colon (``ERROR_WORDS``).
"""

from __future__ import annotations

import re

# "Error" as the first word of a line before a colon ("Σφάλμα: ...", "Hiba: ...").
ERROR_WORDS = (
    "σφάλμα", "שגיאה", "ข้อผิดพลาด", "त्रुटि", "ত্রুটি", "பிழை", "خرابی", "خطا", "fejl", "feil", "villa", "viga", "kļūda",
    "klaida", "chyba", "napaka", "greška", "грешка", "помилка", "памылка", "eroare", "hiba", "ralat", "mali",
    "hitilafu", "fout", "gabim", "errorea", "შეცდომა", "սխալ", "xəta", "қате", "xato", "алдаа", "ስህተት",
    "hata", "virhe", "fel", "lỗi", "kesalahan", "błąd", "erro", "errore", "fehler", "erreur", "ошибка",
)
# The words of a key that names an error in another language ({"feil": ...}, {"fehler": ...}).
ERROR_KEY_WORDS = frozenset({
    "error", "errors", "err", "errs", "fault", "faults", "exception", "exceptions", "problem", "problems", "failure",
    "failures", "fehler", "erreur", "erreurs", "errore", "errori", "erro", "erros", "ошибка", "ошибки", "hata",
    "błąd", "fout", "fouten", "virhe", "fel", "feil", "fejl", "chyba", "hiba", "eroare", "greška", "грешка", "помилка",
    "σφάλμα", "שגיאה", "エラー", "错误", "錯誤", "오류", "에러", "lỗi", "kesalahan", "ralat", "خطأ", "خطا",
})

NOT_FOUND = (
    "couldn't be found", "could not be found", "can't be found", "cannot be found", "wasn't found", "was not found",
    "can't locate", "cannot locate", "could not locate", "unable to locate", "unable to find", "לא נמצא", "לא נמצאה", "אינו קיים", "δεν βρέθηκε", "δεν υπάρχει", "δεν εντοπίστηκε", "ไม่พบ", "नहीं मिला",
    "नहीं मिली", "मौजूद नहीं", "পাওয়া যায়নি", "খুঁজে পাওয়া যায়নি", "கண்டுபிடிக்க முடியவில்லை", "نہیں ملا", "یافت نشد",
    "پیدا نشد", "وجود ندارد", "hittades inte", "hittas inte", "finns inte", "blev ikke fundet", "findes ikke",
    "ikke fundet", "ikke funnet", "ble ikke funnet", "finnes ikke", "fannst ekki", "ei löytynyt", "ei löydy",
    "ei leitud", "ei ole olemas", "nav atrasts", "nav atrasta", "neegzistuoja", "nerastas", "nerasta", "nenalezen",
    "nebyl nalezen", "nebyla nalezena", "neexistuje", "nenájden", "nebol nájden", "ni bilo mogoče najti",
    "ne obstaja", "nije pronađen", "nije pronađena", "не е намерен", "не е намерена", "не съществува",
    "не знайдено", "не знайден", "не існує", "не знойдзен", "nu a fost găsit", "nu a fost găsită", "nu există",
    "negăsit", "nem található", "nem létezik", "no s'ha trobat", "no existeix", "non se atopou", "ez da aurkitu",
    "nuk u gjet", "nuk ekziston", "tidak dijumpai", "tidak wujud", "hindi nahanap", "hindi natagpuan",
    "haikupatikana", "nie gevind nie", "bestaan nie", "ვერ მოიძებნა", "չի գտնվել", "tapılmadı",
    "табылмады", "topilmadi", "олдсонгүй", "አልተገኘም", "존재하지 않", "存在しません", "niet gevonden",
    "bulunamadı", "nie znaleziono", "nicht gefunden", "introuvable", "no encontrad", "não encontrad", "не найден",
)
PERMISSION_DENIED = (
    "הגישה נדחתה", "אין הרשאה", "η πρόσβαση απορρίφθηκε", "άρνηση πρόσβασης", "δεν έχετε δικαίωμα", "ถูกปฏิเสธ",
    "ไม่มีสิทธิ์", "पहुंच अस्वीकृत", "पहुँच अस्वीकृत", "अनुमति नहीं", "অনুমতি নেই", "অ্যাক্সেস অস্বীকার",
    "அனுமதி மறுக்கப்பட்டது", "رسائی مسترد", "اجازه ندارید", "دسترسی رد شد", "دسترسی غیرمجاز", "åtkomst nekad",
    "behörighet saknas", "adgang nægtet", "ingen adgang", "tilgang nektet", "ingen tilgang", "aðgangi hafnað",
    "pääsy estetty", "ei käyttöoikeutta", "juurdepääs keelatud", "piekļuve liegta", "prieiga uždrausta",
    "přístup odepřen", "přístup zamítnut", "prístup zamietnutý", "dostop zavrnjen", "pristup odbijen",
    "pristup zabranjen", "достъпът е отказан", "доступ заборонено", "доступ забаронены", "acces refuzat",
    "acces interzis", "hozzáférés megtagadva", "nincs jogosultság", "accés denegat", "acceso denegado",
    "sarbidea ukatua", "qasja u refuzua", "akses ditolak", "capaian ditolak", "tinanggihan ang access",
    "ufikiaji umekataliwa", "toegang geweier", "წვდომა აკრძალულია", "մուտքը մերժված է", "giriş qadağandır",
    "қатынау тыйым", "kirish taqiqlangan", "хандах эрхгүй", "መዳረሻ ተከልክሏል", "toegang geweigerd", "nægtet",
    "nekad", "nektet", "odepřen", "zamietnut", "megtagadva", "refuzat",
)
AUTH_FAILED = (
    "invalid token", "invalid access token", "invalid auth token", "invalid api token", "invalid credentials",
    "invalid username", "invalid password", "wrong password", "incorrect password", "bad credentials", "logon",
    "token has expired", "session has expired",
    "sign in", "signed in", "האימות נכשל", "ο έλεγχος ταυτότητας απέτυχε", "การยืนยันตัวตนล้มเหลว",
    "प्रमाणीकरण विफल", "প্রমাণীকরণ ব্যর্থ", "احراز هویت", "autentisering misslyckades", "godkendelse mislykkedes",
    "autentisering mislyktes", "todennus epäonnistui", "autentimine ebaõnnestus", "autentifikācija neizdevās",
    "autentifikacija nepavyko", "ověření se nezdařilo", "overenie zlyhalo", "preverjanje pristnosti ni uspelo",
    "autentifikacija nije uspjela", "удостоверяването не бе успешно", "автентифікац", "autentificare eșuată",
    "autentificarea a eșuat", "hitelesítés sikertelen", "sikertelen hitelesítés", "pengesahan gagal",
    "uthibitishaji umeshindwa", "inloggen mislukt", "anmeldung fehlgeschlagen",
)
TIMEOUT = (
    "zeit abgelaufen", "תם הזמן", "פג הזמן", "λήξη χρονικού ορίου", "έληξε το χρονικό όριο", "หมดเวลา",
    "समय समाप्त", "टाइमआउट", "সময় শেষ", "நேரம் முடிந்தது", "وقت ختم", "مهلت زمانی", "زمان به پایان رسید",
    "tidsgräns", "tidsfristen", "tidsgrense", "tímamörk", "aikakatkaisu", "aikaraja ylittyi",
    "ajalõpp", "taimauts", "laiko limitas", "vypršel časový limit", "časový limit", "vypršal čas",
    "časovna omejitev", "isteklo vrijeme", "isteklo je vreme", "времето изтече", "час очікування",
    "тайм-аут", "timpul a expirat", "időtúllépés", "temps d'espera", "denbora-muga", "koha mbaroi",
    "tamat masa", "masa tamat", "naubos ang oras", "muda umekwisha", "tydsverstreke", "დრო ამოიწურა",
    "ժամանակը սպառվեց", "vaxt bitdi", "уақыт бітті", "vaqt tugadi", "хугацаа дууссан", "ጊዜው አልፏል",
)
RATE_LIMITED = (
    "יותר מדי בקשות", "πάρα πολλά αιτήματα", "πολλά αιτήματα", "คำขอมากเกินไป", "बहुत अधिक अनुरोध", "बहुत सारे अनुरोध",
    "অনেক বেশি অনুরোধ", "அதிகமான கோரிக்கைகள்", "بہت زیادہ درخواستیں", "درخواست‌های زیاد", "تعداد درخواست‌ها",
    "för många förfrågningar", "för många begäranden", "for mange anmodninger", "for mange forespørsler",
    "of margar beiðnir", "liian monta pyyntöä", "liikaa pyyntöjä", "liiga palju päringuid", "pārāk daudz pieprasījumu",
    "per daug užklausų", "příliš mnoho požadavků", "príliš veľa požiadaviek", "preveč zahtev", "previše zahtjeva",
    "previše zahteva", "твърде много заявки", "забагато запитів", "занадто багато запитів", "зашмат запытаў",
    "prea multe solicitări", "prea multe cereri", "túl sok kérés", "massa sol·licituds", "demasiadas peticións",
    "eskaera gehiegi", "shumë kërkesa", "terlalu banyak permintaan", "masyadong maraming kahilingan",
    "maombi mengi mno", "te veel versoeke", "ძალიან ბევრი მოთხოვნა", "չափազանց շատ հարցումներ", "həddən çox sorğu",
    "тым көп сұраныс", "juda koʻp soʻrov", "хэт олон хүсэлт", "በጣም ብዙ ጥያቄዎች",
)
UPSTREAM_FAILURE = (
    "connection refused", "שגיאת שרת", "השירות אינו זמין", "נסה שוב מאוחר יותר", "σφάλμα διακομιστή",
    "μη διαθέσιμ", "δοκιμάστε ξανά αργότερα", "ไม่พร้อมใช้งาน", "ลองใหม่ภายหลัง", "सर्वर त्रुटि",
    "उपलब्ध नहीं", "बाद में पुनः प्रयास", "পরে আবার চেষ্টা", "بعداً دوباره", "بعد میں دوبارہ", "serverfel", "internt fel", "inte tillgänglig", "försök igen senare",
    "serverfejl", "intern fejl", "ikke tilgængelig", "prøv igen senere", "serverfeil", "intern feil",
    "ikke tilgjengelig", "prøv igjen senere", "villa á þjóni", "palvelinvirhe", "sisäinen virhe",
    "ei ole käytettävissä", "yritä myöhemmin uudelleen", "serveri viga", "sisemine viga", "proovige hiljem",
    "servera kļūda", "iekšēja kļūda", "mēģiniet vēlāk", "serverio klaida", "vidinė klaida", "bandykite vėliau",
    "chyba serveru", "interní chyba", "nedostupn", "zkuste to později", "chyba servera", "vnútorná chyba",
    "skúste to neskôr", "napaka strežnika", "notranja napaka", "poskusite pozneje", "greška poslužitelja",
    "greška servera", "interna greška", "pokušajte kasnije", "pokušajte ponovo kasnije", "сървърна грешка",
    "вътрешна грешка", "опитайте по-късно", "помилка сервера", "внутрішня помилка", "спробуйте пізніше",
    "памылка сервера", "паспрабуйце пазней", "eroare internă", "eroare de server", "eroare a serverului",
    "indisponibil", "încercați mai târziu", "reîncercați mai târziu", "szerverhiba", "belső hiba",
    "nem elérhető", "próbálja újra később", "error del servidor", "error intern", "no disponible",
    "torneu-ho a provar més tard", "erro do servidor", "gabim në server", "provoni më vonë",
    "ralat pelayan", "ralat dalaman", "tidak tersedia", "sambungan ditolak", "cuba lagi kemudian",
    "subukan muli mamaya", "hitilafu ya seva", "jaribu tena baadaye", "bedienerfout", "probeer later weer",
    "სერვერის შეცდომა", "სცადეთ მოგვიანებით", "սերվերի սխալ", "server xətası", "серверлік қате",
    "server xatosi", "серверийн алдаа", "የአገልጋይ ስህተት", "서버 오류", "サーバーエラー",
)
INVALID_ARGUMENT = (
    "bad value", "invalid value", "bad parameter", "invalid parameter", "bad input", "לא חוקי", "לא תקין",
    "μη έγκυρ", "ไม่ถูกต้อง", "अमान्य", "অবৈধ", "தவறான", "غلط", "نامعتبر", "ogiltig", "ugyldig", "virheellinen",
    "kehtetu", "nederīg", "neteising", "neplatn", "neveljav", "nevažeć", "nevaljan", "невалид", "недійсн",
    "неправильн", "nevalid", "érvénytelen", "no vàlid", "baliogabe", "i pavlefshëm", "tidak sah",
    "hindi wasto", "si sahihi", "ongeldig", "არასწორი", "անվավեր", "yanlış", "жарамсыз", "notoʻgʻri", "буруу",
    "ልክ ያልሆነ",
)
CONFLICT = ("already exists", "כבר קיים", "υπάρχει ήδη", "มีอยู่แล้ว", "पहले से मौजूद", "finns redan",
            "findes allerede", "finnes allerede", "on jo olemassa", "již existuje", "už existuje", "вже існує",
            "deja există", "már létezik", "sudah wujud", "sudah ada", "tayari ipo")

# Words that say a job, a run or a task was cancelled.
CANCELLED = (
    "avbröts", "avbruten", "avbrutet", "annullerad", "annullerades", "afbrudt", "annulleret", "avbrutt", "kansellert",
    "peruutettu", "keskeytetty", "tühistatud", "atcelts", "atšaukta", "zrušen", "zrušeno", "preklicano", "otkazan",
    "otkazano", "отменен", "отменено", "скасовано", "скасован", "адменена", "anulat", "anulată", "megszakítva",
    "visszavonva", "cancel·lat", "bertan behera", "anuluar", "dibatalkan", "kinansela", "imeghairiwa",
    "gekanselleer", "ακυρώθηκε", "ακυρώθηκαν", "ακυρωμένη", "בוטל", "בוטלה", "ยกเลิกแล้ว", "रद्द", "বাতিল",
    "ரத்து", "منسوخ", "لغو شد", "გაუქმდა", "չեղարկվել", "ləğv edildi", "тоқтатылды", "bekor qilindi", "цуцлагдсан",
    "ተሰርዟል",
)
# Words of a count of items that succeeded, or failed ("12 bestanden geüpload, 3 mislukt").
SUCCEEDED = (
    "geüpload", "verwerkt", "geïmporteerd", "verzonden", "opgeslagen", "hochgeladen", "verarbeitet", "importiert",
    "gesendet", "gespeichert", "traités", "importés", "envoyés", "procesad", "importad", "enviad", "processad",
    "оброблено", "обработано", "завантажено", "загружено", "uppladdade", "uppladdad", "bearbetade", "importerade",
    "skickade", "uploadet", "behandlet", "importeret", "sendt", "lastet opp", "importert", "käsitelty", "ladattu",
    "lähetetty", "zpracováno", "nahráno", "odesláno", "spracované", "przetworzono", "wysłano", "przesłano",
    "feldolgozva", "feltöltve", "elküldve", "procesate", "încărcate", "trimise", "επεξεργάστηκαν", "στάλθηκαν",
    "diproses", "dimuat naik", "dihantar", "terkirim", "berhasil", "başarılı", "işlendi", "yüklendi", "đã xử lý",
    "処理済み", "처리됨", "已上传", "已导入", "已发送",
)
FAILED = (
    "mislukt", "fehlgeschlagen", "échoué", "fallid", "falharam", "з помилками", "з помилкою", "помилк", "с ошибками",
    "ошибк", "misslyckades", "misslyckad", "mislykkedes", "mislyktes", "epäonnistui", "epäonnistunut", "selhalo",
    "selhal", "zlyhalo", "nie powiodło", "nieudan", "sikertelen", "eșuat", "eșuate", "απέτυχαν", "απέτυχε", "gagal",
    "başarısız", "thất bại", "失败", "失敗", "실패",
)
# Words that ask to try again (with a wait, "retry in 20 seconds"), and the units of a wait.
RETRY = (
    "פעם נוספת", "נסה שוב", "δοκιμάστε ξανά", "ลองอีกครั้ง", "पुनः प्रयास", "फिर से प्रयास", "আবার চেষ্টা",
    "மீண்டும் முயற்சி", "دوبارہ کوشش", "دوباره امتحان", "دوباره تلاش", "försök igen", "prøv igen", "prøv igjen",
    "yritä uudelleen", "proovige uuesti", "mēģiniet vēlreiz", "bandykite dar kartą", "zkuste to znovu",
    "skúste to znova", "poskusite znova", "pokušajte ponovo", "опитайте отново", "спробуйте ще раз",
    "încercați din nou", "reîncercați", "próbálja újra", "torneu-ho a provar", "saiatu berriro", "provoni përsëri",
    "cuba lagi", "subukan muli", "jaribu tena", "probeer weer",
)
UNITS_SECONDS = ("שניות", "δευτερόλεπτα", "วินาที", "सेकंड", "সেকেন্ড", "வினாடி", "سیکنڈ", "ثانیه", "sekunder",
                 "sekuntia", "sekundit", "sekundes", "sekundžių", "sekund", "sekunde", "секунди", "секунд",
                 "secunde", "másodperc", "segons", "segundu", "sekonda", "saniah", "segundo", "sekunde",
                 "sekondi")
UNITS_MINUTES = ("דקות", "λεπτά", "นาที", "मिनट", "মিনিট", "நிமிட", "منٹ", "دقیقه", "minuter", "minutter",
                 "minuuttia", "minutit", "minūtes", "minučių", "minut", "minuta", "минути", "хвилин", "perc",
                 "minuts", "minitu", "minita", "dakika")


def alternation(phrases: tuple[str, ...]) -> str:
    """The phrases as one alternation, longest first (so a longer phrase wins where both stand)."""
    return "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True))
# Words that say the work goes on.
RUNNING = (
    "pågår", "bearbetas", "behandles", "er i gang", "pågår stadig", "behandles nu", "käynnissä", "käsitellään",
    "töötlemisel", "apstrādā", "vykdoma", "probíhá", "zpracovává se", "prebieha", "spracúva sa", "v teku",
    "u tijeku", "u toku", "обработва се", "триває", "обробляється", "виконується", "în curs", "se procesează",
    "folyamatban", "feldolgozás alatt", "en curs", "s'està processant", "martxan", "në proces", "sedang diproses",
    "sedang berjalan", "isinasagawa", "inaendelea", "besig", "σε εξέλιξη", "επεξεργάζεται", "בתהליך", "בעיבוד",
    "กำลังดำเนินการ", "กำลังประมวลผล", "प्रगति में", "प्रक्रिया में", "চলছে", "செயலாக்கத்தில்", "در حال پردازش",
    "در حال انجام", "devam ediyor", "işleniyor", "w toku", "przetwarzanie", "đang xử lý", "đang chạy",
    "sedang diproses", "in behandeling", "wordt verwerkt",
)
