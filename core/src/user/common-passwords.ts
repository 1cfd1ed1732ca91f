/**
 * The most used passwords of six characters or more, as found again and again
 * in published breach corpora (lowercase; compared case-insensitively). A new
 * password on this list is refused: the first guesses of any attacker.
 */
const common = `
123456 1234567 12345678 123456789 1234567890 0123456789 987654321 9876543210 654321 7654321 87654321
111111 1111111 11111111 000000 0000000 00000000 222222 333333 444444 555555 666666 777777 7777777
888888 88888888 999999 99999999 121212 123123 123321 112233 11223344 123654 131313 159753 147258
147258369 159357 232323 456789 696969 102030 112211 123qwe 123abc 1234qwer 12341234 12344321 123456a
123456q 123456789a 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx qazwsx qweasd qweasdzxc
qwerty qwerty1 qwerty12 qwerty123 qwertyu qwertyui qwertyuiop qwer1234 qwe123 asdfgh asdfghjkl
asdf1234 zxcvbn zxcvbnm azerty abcdef abcdefg abc123 abcd1234 a123456 aa123456 aaaaaa
password password1 password12 password123 password! passw0rd p@ssword p@ssw0rd pass123 pass1234
letmein letmein1 welcome welcome1 welcome123 iloveyou iloveyou1 trustno1 changeme secret secret123
admin123 administrator login123 access master master1 monkey monkey1 dragon dragon1 shadow shadow1
sunshine sunshine1 princess princess1 football football1 baseball baseball1 soccer hockey
superman superman1 batman starwars whatever freedom computer internet matrix killer hunter
ranger buster tigger thomas robert michael jennifer jordan jessica ashley bailey daniel andrew
joshua matthew amanda nicole hannah charlie maggie ginger pepper cookie cheese banana orange
purple silver summer flower lovely loveme hottie babygirl butterfly chocolate anthony michelle
liverpool chelsea arsenal yankees dallas mustang harley corvette ferrari mercedes camaro
samsung google apple123 test123 test1234 testing hello123 hello1 blahblah nothing
mobileautocare autocare
`;

const list = new Set(common.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return list.has(password.trim().toLowerCase());
}
