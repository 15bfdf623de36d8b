/// The sample message `attachmentkit` resolves when given no file: a 96 × 128 PNG original,
/// its 48 × 64 JPEG preview, a size part and a caption, as Atlas would send a photo.
enum SampleMessage {
    /// A real 96 × 128 PNG (a gradient with a white circle), made with ImageMagick, in base64
    /// broken into lines.
    static let originalPNGBase64 = """
        iVBORw0KGgoAAAANSUhEUgAAAGAAAACACAMAAADDApyIAAAABGdBTUEAALGPC/xhBQAAACBjSFJNAAB6JgAAgIQAAPoAAACA6AAA
        dTAAAOpgAAA6mAAAF3CculE8AAACZFBMVEU6e9U7e9M8e9I+fNA/fM9BfM1CfcxEfctFfclHfshIfsZKfsVLf8RNf8JOf8FQgL9R
        gL5TgL1UgbtVgbpXgbhYgrdagrZbgrRdg7Neg7Fgg7BhhK9jhK1khKxmhapnhalphahqhqZshqVthqNvh6Jwh6Fxh59ziJ50iJx+
        kKOVpLOyvcjQ1t3o7O/5+vr+/v52iJuCk6SvusXz9fb///93iZqNnKrV2+B5iZiFlKLR19x6iZeosrt8ipV/jZjO09d9ipSFkZrq
        7O5/ipOGkZn09faAi5GDjpTq7O2Ci5DQ1NWDi46us7WFjI2QlpeGjIzW2NiIjIqbn52JjYnb3NuKjYeVl5KMjYa8vbmNjoX19fWP
        joOXloyQjoKqqZ+Sj4DCwbmTj3/a2dOVj37u7eqWkHz6+vmYkHuZkXmbkXjv7emckXfd2dCeknXJwrOfknS2q5ShknKnmnyik3H3
        9vOkk3DKwKylk26tnXumlG3k3tKolGu2pYOplGri2szi28yrlWmynnaslWfJuZuulWbg18avlmSxmGjy7uaxlmO1nGz49vKylmK3
        nGvy7uW0l2C2mWTj2MS1l1/Ou5a3l129oWzm3Mi4mFzEqHbp3826mFvAoWnXw5/59vG7mFnAn2TLsIDZxqPo3Mb07uT8+vi9mVi+
        mVa/mVXBmlTCmlLEmlHFm0/Hm07Im03KnEvLnErNnEjOnUfQnUbRnUTTnkPUnkHWnkDXnz/Znz3anzzboDrdoDneoDjgoTbhoTXj
        oTPkojLmojHnoi/poy7qoyzsoyvtpCrvpCjwpCfypSXzpST1piM+M1bDAAAAAWJLR0Q0qbHp/QAAAAd0SU1FB+oLHgU0KtpHezMA
        AALMSURBVGjetc/nO9BRGMbxu7333nvYyYlIRESSJEmSJKkkSZKkIYmISETIbO+9965/qrd15Tm/c17cn/fP974egK0XGXqToQ8Z
        +pKhHxn6k2EAGQaSYRAZBpNhCBmGkmEYGYaTYQQZRpJhFBlGk2EMGcaSYRwZxpNhAhkmkmESGSaTYQoZppJhGhmmk2EGGWaSYRYZ
        ZpNhDhnmkmEeGeaTYQEZFhpzcXVz9/D08vRwd3N1Mb7CIjPei33U33wWe5sdYokJXz/1Pz9fk1MsdeYfoHoW4O98jGWOApUs0PEa
        yx0EBSud4CCHe6zQCwlVeqEh+gBWaoWFKyfhYdoCVulERDr2lYqM0CWwWifKoK9UlC6BNRrRRn2lojUNrJXFGPaVipEjWCeLNR6I
        lSNYL4oz7isVJ1awQRRvMRAvVrBRkmDRVypBymCTJNFqIFHKYLMkyWogScpgiyDZqq9UstDBVkGK5UCK0ME2QarlQKrQwXZBmuVA
        mtDBDkG65UC60MFOQYblQIbQwS6Bl+WAEjrYLbD+QOhgjyDTciBT6GCvIMtyIEvoYJ8g23IgW+hgvyDHciBH6OCAINdyIFfo4KAk
        z6qfJ2VwSJJvNZAvZXBYUmA1UCBlcERUaNEvFCs4KiqyGCgSKzgmO27cPyFHcFJWbDxQLEdwSqPEsF+iaeC0TqlRv1SXwBmdsnKD
        fnmZLoGzWhWVjv3KCm0B5/Sqqh361VX6AM47qKnV9mtrHO5xwVGdpl/neI2LzuobhHxDvfMxLplobOoh39RocorLZppbWv+pt7Y0
        mx3iirG29o7Orm6v7q7OjvY24ytcJcM1Mlwnww0y3CTDLTLcJsMdMtwlwz0y3CfDAzI8JMMjMjwmwxMyPCXDMzI8J8MLMrwkwysy
        vCbDGzK8JcM7MrwnwwcyfCTDJzJ8JsMXMnwlwzcyfCfDDzL8JMMvMvwm+wMRrZvevOlswwAAACV0RVh0ZGF0ZTpjcmVhdGUAMjAy
        Ni0xMS0zMFQwNTo1Mjo0MiswMDowMOQqDFcAAAAldEVYdGRhdGU6bW9kaWZ5ADIwMjYtMTEtMzBUMDU6NTI6NDIrMDA6MDCVd7Tr
        AAAAAElFTkSuQmCC
        """

    /// The same picture scaled to 48 × 64 and saved as a JPEG, as Atlas makes previews.
    static let previewJPEGBase64 = """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYn
        KSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo
        KCgoKCgoKCj/wAARCABAADADASIAAhEBAxEB/8QAGwAAAgIDAQAAAAAAAAAAAAAAAAQCBwEDBgj/xAAnEAABAwMDBAIDAQAAAAAA
        AAABAAIDBBITBQcRITFBkXGxBhRhgf/EABkBAAMAAwAAAAAAAAAAAAAAAAAFBgECBP/EAB8RAAEEAgIDAAAAAAAAAAAAAAABERMU
        AgQDEhUxUf/aAAwDAQACEQMRAD8ARxoxprGjGq22T0ArjRjTWNGNFsIBXGjGmsaMaLYQDViy2IucA0Ek9AAO6asXbbUaRFW63LVT
        sDmUjQ5oI6Xnsf8AOCplNpx1AaND2z1OugbNWyx0THdQxzbn8f0eFPWNsNRpIXS0FRFWBvWwNsefjwfauZCxPn9NocTy9JA6ORzJ
        Glr2nhzSOCCo2Ky93dIjp9QptQhaG/sgtk4Hdw8+vpV/Ys2m9msA1jXb7VV7KTV56WVwaKpgsJ8uHj0SuSxrMYdG9r4yWvaeQR0I
        KmsN3rkijldd0Y9BoVaaR+f1VPC2PUacVNvTI11rj8+Cp6puDUSxOZp9KIHHpkkdcR8DsmPkOBnc5avI7Mad2a9k9XSUMbg4wgyS
        ceCew9far/GnZjJPM+WZ7nyPNznOPJJUMaXZ7vbJVOnHXZGGsaMabsRYpa2PIBTGjGm7EWIthAKY0Y03YixFsID/2Q==
        """
}
